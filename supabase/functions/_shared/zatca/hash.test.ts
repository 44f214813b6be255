import { assert, assertEquals } from './testing.ts';
import { sha256 } from './deps.ts';
import { fromBase64, toBase64, toHex, utf8 } from './bytes.ts';
import { canonicalize } from './c14n.ts';
import { canonicalInvoice, invoiceHash, SEED_PREVIOUS_INVOICE_HASH } from './hash.ts';
import { FIXTURE_NAMES, readFixture } from './test_support.ts';
import { parseXml } from './xml.ts';

const EXPECTED: Record<(typeof FIXTURE_NAMES)[number], string> = {
  'Simplified_Invoice_Signed.xml': '7HWvwzSMv7IEh3pIhuX4xQNPqBWbUm6RhdPjSKPF0xM=',
  'Simplified_Debit_Note_Signed.xml': 'cc3lbPhtYetmqFe8OVWAAOux3OX1zvZ6wWPA23le7u8=',
  'Standard_Invoice_Signed.xml': 'w3MZKM0CTHawhhST7Q2qD0mi9Dc/Xc2pD1ASiXFwpJY=',
  'GeneratorSimplified_Invoice_Signed.xml': 'a/DGYgQfhvJeyfYhBzNK3F+e2eqJ+219Z54qxx332TM=',
};

for (const name of FIXTURE_NAMES) {
  Deno.test(`invoice hash of ${name} equals its ds:DigestValue ${EXPECTED[name]}`, async () => {
    const xml = await readFixture(name);
    assertEquals(invoiceHash(xml), EXPECTED[name]);
    assert(xml.includes(`<ds:DigestValue>${EXPECTED[name]}</ds:DigestValue>`));
  });
}

Deno.test('the removed subtrees keep the whitespace that followed them (XPath semantics)', async () => {
  const canonical = canonicalInvoice(parseXml(await readFixture('Simplified_Invoice_Signed.xml')));
  assert(canonical.startsWith('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac='));
  assert(canonical.includes('CommonExtensionComponents-2">\n    \n    <cbc:ProfileID>'));
  assert(!canonical.includes('UBLExtensions') && !canonical.includes('<cac:Signature>'));
  assert(canonical.includes('</cac:AdditionalDocumentReference>\n    \n    \n    <cac:AccountingSupplierParty>'));
  // Dropping the following whitespace too (a naive DOM removal in lxml) gives another hash.
  const naive = canonical.replace('">\n    \n    <cbc:ProfileID>', '">\n    <cbc:ProfileID>');
  assert(toBase64(sha256(utf8(naive))) !== EXPECTED['Simplified_Invoice_Signed.xml']);
});

Deno.test('seed PIH is Base64 of the hex text of SHA-256("0")', () => {
  assertEquals(toHex(sha256(utf8('0'))), '5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9');
  assertEquals(SEED_PREVIOUS_INVOICE_HASH, toBase64(utf8(toHex(sha256(utf8('0'))))));
  assertEquals(fromBase64(SEED_PREVIOUS_INVOICE_HASH).length, 64);
});

Deno.test('a changed amount changes the hash; the QR text and the signature block do not', async () => {
  const xml = await readFixture('Simplified_Invoice_Signed.xml');
  const base = invoiceHash(xml);
  assert(invoiceHash(xml.replace('>231.15</cbc:PayableAmount>', '>231.16</cbc:PayableAmount>')) !== base);
  assertEquals(invoiceHash(xml.replace(/AQdMYXRlbmN5[^<]+/, 'AAAA')), base);
  assertEquals(invoiceHash(xml.replace(/<ds:SignatureValue>[^<]+/, '<ds:SignatureValue>AAAA')), base);
  // ...but an AdditionalDocumentReference whose ID merely contains QR is hashed.
  assert(invoiceHash(xml.replace('<cbc:ID>QR</cbc:ID>', '<cbc:ID> QR</cbc:ID>')) !== base);
});

Deno.test('C14N: attribute order, namespace rendering, escapes, empty elements, comments, CDATA, PIs', () => {
  const doc = parseXml(
    '<?xml version="1.0"?>\n<?keep me?><!--drop--><r xmlns="urn:d" xmlns:b="urn:b" xmlns:a="urn:a" z="1" a:y="2" b:x="3" c="&quot;&#9;&lt;" d="tab\tnormalised">' +
      '<e/><a:f xmlns:a="urn:a" xmlns:n="urn:n"><g xmlns="">t&amp;&gt;<![CDATA[<x>]]></g></a:f><!--c-->\r\n</r>',
  );
  assertEquals(
    canonicalize(doc),
    '<?keep me?>\n<r xmlns="urn:d" xmlns:a="urn:a" xmlns:b="urn:b" c="&quot;&#x9;&lt;" d="tab normalised" z="1" a:y="2" b:x="3">' +
      '<e></e><a:f xmlns:n="urn:n"><g xmlns="">t&amp;&gt;&lt;x&gt;</g></a:f>\n</r>',
  );
  // A subtree carries every namespace in scope at its apex (inclusive C14N).
  const f = doc.documentElement!.getElementsByTagName('a:f')[0];
  assertEquals(
    canonicalize(f),
    '<a:f xmlns="urn:d" xmlns:a="urn:a" xmlns:b="urn:b" xmlns:n="urn:n"><g xmlns="">t&amp;&gt;&lt;x&gt;</g></a:f>',
  );
});
