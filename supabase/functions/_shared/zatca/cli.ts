// Development and test command line over the library (not imported by any function). Reads one JSON
// object on stdin, writes one JSON object on stdout. The Node-side sandbox tests use it to produce
// real keys, CSRs and signed invoices with this exact code (supabase/local/zatca/sandbox.test.ts).
//
//   deno run --no-remote --node-modules-dir=manual supabase/functions/_shared/zatca/cli.ts keys-csr   < {csr: CsrParams}
//   deno run --no-remote --node-modules-dir=manual supabase/functions/_shared/zatca/cli.ts sign       < {credentials, invoices: InvoiceInput[], chain?: boolean}
//   deno run --no-remote --node-modules-dir=manual supabase/functions/_shared/zatca/cli.ts sign-xml   < {credentials, xml}
//   deno run --no-remote --node-modules-dir=manual supabase/functions/_shared/zatca/cli.ts verify     < {xml}
import {
  buildCsr,
  buildInvoice,
  generateKeyPair,
  type InvoiceInput,
  signInvoice,
  type SigningCredentials,
  verifySignedInvoice,
} from './mod.ts';

async function readStdin(): Promise<unknown> {
  const text = await new Response(Deno.stdin.readable).text();
  return JSON.parse(text);
}

async function main(): Promise<unknown> {
  const command = Deno.args[0];
  const input = (await readStdin()) as Record<string, unknown>;
  switch (command) {
    case 'keys-csr': {
      const keys = generateKeyPair();
      const csr = buildCsr(input.csr as Parameters<typeof buildCsr>[0], keys.privateKeyPem);
      return { privateKeyPem: keys.privateKeyPem, csrPem: csr.pem, requestBody: csr.requestBody };
    }
    case 'sign': {
      const credentials = input.credentials as SigningCredentials;
      const signed = [];
      let previous: { icv: number; hash: string } | undefined;
      for (const invoice of input.invoices as InvoiceInput[]) {
        const chained =
          input.chain && previous ? { ...invoice, icv: previous.icv + 1, previousInvoiceHash: previous.hash } : invoice;
        const built = buildInvoice(chained);
        const result = signInvoice(built.xml, credentials);
        previous = { icv: built.invoice.icv, hash: result.invoiceHash };
        signed.push({ ...result, uuid: built.invoice.uuid, icv: built.invoice.icv });
      }
      return { signed };
    }
    case 'sign-xml':
      return signInvoice(input.xml as string, input.credentials as SigningCredentials);
    case 'verify':
      return verifySignedInvoice(input.xml as string);
    default:
      throw new Error(`Unknown command ${command}; use keys-csr, sign, sign-xml or verify`);
  }
}

try {
  console.log(JSON.stringify(await main()));
} catch (error) {
  console.error((error as Error).message);
  Deno.exit(1);
}
