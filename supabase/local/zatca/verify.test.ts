import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIXTURES, fixture, qrOf, textOf } from './test-support';
import { decodeTlv, encodeTlv } from './tlv';
import { computeInvoiceHash, type CheckId, verifyInvoice } from './verify';

const HASHES: Record<(typeof FIXTURES)[number], string> = {
  'Simplified_Invoice_Signed.xml': '7HWvwzSMv7IEh3pIhuX4xQNPqBWbUm6RhdPjSKPF0xM=',
  'Simplified_Debit_Note_Signed.xml': 'cc3lbPhtYetmqFe8OVWAAOux3OX1zvZ6wWPA23le7u8=',
  'Standard_Invoice_Signed.xml': 'w3MZKM0CTHawhhST7Q2qD0mi9Dc/Xc2pD1ASiXFwpJY=',
  'GeneratorSimplified_Invoice_Signed.xml': 'a/DGYgQfhvJeyfYhBzNK3F+e2eqJ+219Z54qxx332TM=',
};

const failed = (xml: string) =>
  Object.fromEntries(
    verifyInvoice(xml)
      .checks.filter((c) => !c.ok)
      .map((c) => [c.id, c.message]),
  ) as Partial<Record<CheckId, string>>;

/** Rewrites QR tags of a document (tag → new value). */
function withQr(xml: string, change: (tags: Map<number, Buffer>) => void): string {
  const qr = qrOf(xml);
  const tags = decodeTlv(qr);
  change(tags);
  return xml.replace(qr, encodeTlv([...tags.entries()]));
}

describe('ZATCA verifier (Node, independent of the Deno producer)', () => {
  it.each(FIXTURES)('%s passes every check', (name) => {
    const xml = fixture(name);
    const result = verifyInvoice(xml);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.checks.map((c) => c.id)).toEqual([
      'xml',
      'invoice-hash',
      'signature',
      'certificate-digest',
      'issuer-serial',
      'signed-properties',
      'qr',
    ]);
    expect(result.valid).toBe(true);
    expect(computeInvoiceHash(xml)).toBe(HASHES[name]);
  });

  const xml = fixture('Simplified_Invoice_Signed.xml');

  it('a changed amount: the hash no longer matches (and QR tag 6 with it); the signature still covers the old hash', () => {
    const problems = failed(xml.replace('>231.15</cbc:PayableAmount>', '>1.00</cbc:PayableAmount>'));
    expect(Object.keys(problems)).toEqual(['invoice-hash', 'qr']);
    expect(problems['invoice-hash']).toMatch(
      /^The invoice content was changed after signing: its hash is .+, the signature's DigestValue is 7HWv/,
    );
    expect(problems.qr).toBe(
      `tag 6 (invoice hash) is "7HWvwzSMv7IEh3pIhuX4xQNPqBWbUm6RhdPjSKPF0xM=", the invoice hash is "${computeInvoiceHash(xml.replace('>231.15</cbc:PayableAmount>', '>1.00</cbc:PayableAmount>'))}"`,
    );
  });

  it('a replaced DigestValue: hash and signature fail', () => {
    const problems = failed(
      xml.replace('>7HWvwzSMv7IEh3pIhuX4xQNPqBWbUm6RhdPjSKPF0xM=<', `>${HASHES['Standard_Invoice_Signed.xml']}<`),
    );
    expect(Object.keys(problems)).toEqual(['invoice-hash', 'signature']);
    expect(problems.signature).toBe(
      'ds:SignatureValue is not a signature of the DigestValue by the embedded certificate',
    );
  });

  it('a signature from another invoice: the signature and QR tag 7 fail', () => {
    const other = textOf(fixture('Standard_Invoice_Signed.xml'), 'ds:SignatureValue');
    const problems = failed(xml.replace(textOf(xml, 'ds:SignatureValue'), other));
    expect(Object.keys(problems)).toEqual(['signature', 'qr']);
    expect(problems.qr).toMatch(/^tag 7 \(signature\) is ".+", ds:SignatureValue is ".+"$/);
  });

  it('a changed signing time: the SignedProperties digest fails', () => {
    const problems = failed(xml.replace('2025-02-27T20:53:12', '2025-02-27T20:53:13'));
    expect(Object.keys(problems)).toEqual(['signed-properties']);
    expect(problems['signed-properties']).toMatch(
      /^SignedProperties were changed after signing: digest .+, the reference says YTQx/,
    );
  });

  it('a wrong certificate digest and a wrong issuer name are named', () => {
    const certDigest = 'ZDMwMmI0MTE1NzVjOTU2NTk4YzVlODhhYmI0ODU2NDUyNTU2YTVhYjhhMDFmN2FjYjk1YTA2OWQ0NjY2MjQ4NQ==';
    const digestProblems = failed(xml.replace(certDigest, Buffer.from('0'.repeat(64)).toString('base64')));
    expect(Object.keys(digestProblems)).toEqual(['certificate-digest', 'signed-properties']);
    expect(digestProblems['certificate-digest']).toMatch(/is not the digest of the embedded certificate \(ZDMw/);
    const issuerProblems = failed(xml.replace('CN=PRZEINVOICESCA4-CA, DC=extgazt', 'CN=PRZEINVOICESCA4-CA,DC=extgazt'));
    expect(Object.keys(issuerProblems)).toEqual(['issuer-serial', 'signed-properties']);
    expect(issuerProblems['issuer-serial']).toBe(
      `X509IssuerName "CN=PRZEINVOICESCA4-CA,DC=extgazt, DC=gov, DC=local" is not the certificate's issuer "CN=PRZEINVOICESCA4-CA, DC=extgazt, DC=gov, DC=local"; serial 379112742831380471835263969587287663520528387`,
    );
  });

  it('another certificate: the signature, its digest, IssuerSerial and QR tags 8-9 fail', () => {
    const other = fixture('GeneratorSimplified_Invoice_Signed.xml');
    const problems = failed(xml.replace(textOf(xml, 'ds:X509Certificate'), textOf(other, 'ds:X509Certificate')));
    expect(Object.keys(problems)).toEqual(['signature', 'certificate-digest', 'issuer-serial', 'qr']);
    expect(problems.qr).toBe(
      "tag 8 (public key) is not the certificate's public key; tag 9 (certificate signature) is not the certificate's signature",
    );
  });

  it('QR tags that disagree with the XML are named with both values', () => {
    const seller = failed(withQr(xml, (tags) => tags.set(1, Buffer.from('Latencx'))));
    expect(seller).toEqual({ qr: 'tag 1 (seller name) is "Latencx", the seller RegistrationName is "Latency"' });
    const time = failed(withQr(xml, (tags) => tags.set(3, Buffer.from('2024-09-07T14:41:08Z'))));
    expect(time.qr).toBe('tag 3 (timestamp) is "2024-09-07T14:41:08Z", IssueDate+IssueTime is "2024-09-07T17:41:08"');
    const totals = failed(withQr(xml, (tags) => tags.set(4, Buffer.from('231.16')).set(5, Buffer.from('30.16'))));
    expect(totals.qr).toBe(
      'tag 4 (total with VAT) is "231.16", TaxInclusiveAmount is "231.15"; tag 5 (VAT total) is "30.16", the TaxTotal TaxAmount is "30.15"',
    );
    const noTag9 = failed(withQr(xml, (tags) => tags.delete(9)));
    expect(noTag9.qr).toBe('tag 9 (certificate signature) is missing (required on simplified invoices)');
    const key = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey.export({
      type: 'spki',
      format: 'der',
    });
    expect(failed(withQr(xml, (tags) => tags.set(8, key))).qr).toBe(
      "tag 8 (public key) is not the certificate's public key",
    );
    expect(failed(xml.replace(qrOf(xml), 'AQVB')).qr).toBe('QR tag 1 runs past the end');
    expect(failed(xml.replace(qrOf(xml), 'AQ==')).qr).toBe('QR TLV is truncated');
  });

  it('not XML, a DOCTYPE, another root or no signature are refused before anything else', () => {
    expect(failed('<Invoice>')).toEqual({ xml: expect.stringMatching(/^Malformed XML/) });
    expect(failed('<!DOCTYPE x [<!ENTITY a "b">]><Invoice/>')).toEqual({ xml: 'XML with a DOCTYPE is not accepted' });
    expect(failed('<CreditNote xmlns="urn:x"/>')).toEqual({ xml: 'The root element is not a UBL Invoice' });
    const unsigned = xml.replace(/<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>/, '');
    expect(failed(unsigned)).toEqual({
      xml: 'No ds:Signature: the invoice is not signed (ext:UBLExtensions is missing)',
    });
    // The hash ignores the signature block, so it is the same without it.
    expect(computeInvoiceHash(unsigned)).toBe(HASHES['Simplified_Invoice_Signed.xml']);
  });

  it('optionally checks the issuing CA', () => {
    const notTheCa = textOf(xml, 'ds:X509Certificate'); // the signing certificate itself
    const result = verifyInvoice(xml, { issuer: notTheCa });
    expect(result.checks.at(-1)).toEqual({
      id: 'certificate-issuer',
      label: 'Certificate issuer',
      ok: false,
      message:
        'The signing certificate was not issued by CN=TST-886431145-399999999900003, OU=Riyadh Branch, O=Maximum Speed Tech Supply LTD, C=SA (its issuer is CN=PRZEINVOICESCA4-CA, DC=extgazt, DC=gov, DC=local)',
    });
  });
});
