// `npm run zatca:verify <file.xml> [--issuer <ca.pem|ca.b64>]`: verifies a signed ZATCA invoice with the
// independent Node verifier (supabase/local/zatca/verify.ts): invoice hash, signature, certificate
// digest, IssuerSerial, SignedProperties digest, QR tags 1–9 against the XML and, with --issuer, that
// the certificate was issued by that CA. Prints ✓/✗ per check; exits 1 when any check fails.
import { readFileSync } from 'node:fs';
import { verifyInvoice } from '../supabase/local/zatca/verify';

function main(argv: string[]): number {
  const issuerAt = argv.indexOf('--issuer');
  const issuer = issuerAt >= 0 ? readFileSync(argv[issuerAt + 1], 'utf8') : undefined;
  const files = argv.filter((arg, i) => arg !== '--issuer' && (issuerAt < 0 || i !== issuerAt + 1));
  if (files.length === 0 || argv.includes('--help')) {
    console.error('Usage: npm run zatca:verify -- <signed-invoice.xml>... [--issuer <ca-certificate.pem>]');
    return 2;
  }
  let failed = 0;
  for (const file of files) {
    let xml: string;
    try {
      xml = readFileSync(file, 'utf8');
    } catch (error) {
      console.error(`✗ ${file}: ${(error as Error).message}`);
      failed++;
      continue;
    }
    const result = verifyInvoice(xml, { issuer });
    console.log(`${file}`);
    for (const check of result.checks) console.log(`  ${check.ok ? '✓' : '✗'} ${check.label}: ${check.message}`);
    console.log(result.valid ? '  ✓ valid\n' : '  ✗ NOT valid\n');
    if (!result.valid) failed++;
  }
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
