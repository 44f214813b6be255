/** Fixtures for the Node-side ZATCA tests (see supabase/tests/fixtures/zatca/README.md). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURES = [
  'Simplified_Invoice_Signed.xml',
  'Simplified_Debit_Note_Signed.xml',
  'Standard_Invoice_Signed.xml',
  'GeneratorSimplified_Invoice_Signed.xml',
] as const;

export const fixture = (name: (typeof FIXTURES)[number]): string =>
  readFileSync(fileURLToPath(new URL(`../../tests/fixtures/zatca/${name}`, import.meta.url)), 'utf8');

/** Text of the first <qname>…</qname> in a document. */
export function textOf(xml: string, qname: string): string {
  const match = new RegExp(`<${qname}(?:\\s[^>]*)?>([^<]*)</${qname}>`).exec(xml);
  if (!match) throw new Error(`${qname} not found`);
  return match[1];
}

/** The QR payload of a signed document. */
export const qrOf = (xml: string): string =>
  /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(xml)![1];
