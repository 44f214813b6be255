// Test helpers: the four public signed fixtures (supabase/tests/fixtures/zatca, see its README).

export const FIXTURE_NAMES = [
  'Simplified_Invoice_Signed.xml',
  'Simplified_Debit_Note_Signed.xml',
  'Standard_Invoice_Signed.xml',
  'GeneratorSimplified_Invoice_Signed.xml',
] as const;

export type FixtureName = (typeof FIXTURE_NAMES)[number];

export function readFixture(name: FixtureName): Promise<string> {
  return Deno.readTextFile(new URL(`../../../tests/fixtures/zatca/${name}`, import.meta.url));
}

/** The text of the first element `<prefix:name ...>...</prefix:name>` in a fixture. */
export function elementText(xml: string, qname: string): string {
  const start = xml.indexOf(`<${qname}`);
  const endTag = `</${qname}>`;
  const end = xml.indexOf(endTag, start);
  if (start < 0 || end < 0) throw new Error(`${qname} not found`);
  return xml.slice(start, end + endTag.length);
}

/** The text content of the first `<qname ...>text</qname>`. */
export function textOf(xml: string, qname: string): string {
  const element = elementText(xml, qname);
  return element.slice(element.indexOf('>') + 1, element.length - qname.length - 3);
}
