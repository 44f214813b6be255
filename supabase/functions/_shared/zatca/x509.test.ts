import { assert, assertEquals } from './testing.ts';
import { fromBase64, toHex } from './bytes.ts';
import { generateKeyPair, secretKeyFromPem } from './keys.ts';
import { decodeQr, phase2Qr } from './tlv.ts';
import { readFixture, textOf } from './test_support.ts';
import { formatName, isSignedBy, issueCertificate, parseCertificate } from './x509.ts';

Deno.test('ZATCA SDK test certificate: serial, issuer name, SPKI and signature as in the fixture', async () => {
  const xml = await readFixture('Simplified_Invoice_Signed.xml');
  const cert = parseCertificate(textOf(xml, 'ds:X509Certificate'));
  assertEquals(cert.serialNumber, textOf(xml, 'ds:X509SerialNumber'));
  assertEquals(cert.serialNumber, '379112742831380471835263969587287663520528387');
  assertEquals(cert.issuerName, 'CN=PRZEINVOICESCA4-CA, DC=extgazt, DC=gov, DC=local');
  assertEquals(
    cert.subjectName,
    'CN=TST-886431145-399999999900003, OU=Riyadh Branch, O=Maximum Speed Tech Supply LTD, C=SA',
  );
  const qr = decodeQr(xml.match(/>(AQdM[^<]+)</)![1]);
  assertEquals(cert.spki, qr.get(8));
  assertEquals(cert.signatureValue, qr.get(9));
  assertEquals(toHex(cert.spki).slice(0, 46), '3056301006072a8648ce3d020106052b8104000a034200');
  assertEquals(cert.publicKey.length, 65);
  assertEquals(cert.notAfter.toISOString(), '2029-01-09T09:19:30.000Z');
});

Deno.test('developer-portal certificate: issuer name and serial as written in its IssuerSerial', async () => {
  const xml = await readFixture('GeneratorSimplified_Invoice_Signed.xml');
  const cert = parseCertificate(textOf(xml, 'ds:X509Certificate'));
  assertEquals(cert.issuerName, textOf(xml, 'ds:X509IssuerName'));
  assertEquals(cert.serialNumber, '1740690325131');
});

Deno.test('issueCertificate: a self-signed secp256k1 certificate parses back and verifies', () => {
  const keys = generateKeyPair();
  const secret = secretKeyFromPem(keys.privateKeyPem);
  const base64 = issueCertificate({
    subject: [
      ['C', 'SA'],
      ['O', 'مؤسسة نزل'],
      ['CN', 'EGS, unit+1'],
    ],
    issuer: [
      ['DC', 'local'],
      ['CN', 'Nuzl test CA'],
    ],
    publicKey: keys.publicKey,
    signerSecretKey: secret,
    serialNumber: 0x80n,
    notBefore: new Date('2025-01-01T00:00:00Z'),
    notAfter: new Date('2030-01-01T00:00:00Z'),
  });
  const cert = parseCertificate(base64);
  assertEquals(cert.serialNumber, '128');
  assertEquals(cert.issuerName, 'CN=Nuzl test CA, DC=local');
  assertEquals(cert.subjectName, 'CN=EGS\\, unit\\+1, O=مؤسسة نزل, C=SA');
  assertEquals(cert.publicKey, keys.publicKey);
  assert(isSignedBy(cert, keys.publicKey));
  assert(!isSignedBy(cert, generateKeyPair().publicKey));
  assertEquals(fromBase64(base64), cert.der);
  assertEquals(formatName(cert.certificate.tbsCertificate.issuer), cert.issuerName);
});

Deno.test(
  'the 9-tag fixture QR is reproduced exactly from the invoice, its hash, signature and certificate',
  async () => {
    const xml = await readFixture('Simplified_Invoice_Signed.xml');
    const cert = parseCertificate(textOf(xml, 'ds:X509Certificate'));
    const qr = phase2Qr({
      sellerName: 'Latency',
      vatNumber: '399999999900003',
      timestamp: '2024-09-07T17:41:08Z',
      totalWithVat: '231.15',
      vatTotal: '30.15',
      invoiceHash: textOf(xml, 'ds:DigestValue'),
      signatureValue: textOf(xml, 'ds:SignatureValue'),
      publicKeySpki: cert.spki,
      certificateSignature: cert.signatureValue,
    });
    assertEquals(qr, xml.match(/>(AQdM[^<]+)</)![1]);
  },
);
