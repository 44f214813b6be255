import { assertEquals } from './testing.ts';
import { FIXTURE_NAMES, elementText, readFixture, textOf } from './test_support.ts';
import {
  certificateDigest,
  riyadhDateTime,
  type SignedPropertiesValues,
  signedPropertiesDigest,
  signedPropertiesXml,
  ublExtensionsXml,
} from './xades.ts';
import { parseCertificate } from './x509.ts';

function fixtureValues(xml: string) {
  const signedProperties = elementText(xml, 'xades:SignedProperties');
  const values: SignedPropertiesValues = {
    signingTime: textOf(xml, 'xades:SigningTime'),
    certificateDigest: textOf(signedProperties, 'ds:DigestValue'),
    issuerName: textOf(xml, 'ds:X509IssuerName'),
    serialNumber: textOf(xml, 'ds:X509SerialNumber'),
  };
  const reference = xml.slice(xml.indexOf('URI="#xadesSignedProperties"'));
  return { values, signedProperties, signedPropertiesDigest: textOf(reference, 'ds:DigestValue') };
}

for (const name of FIXTURE_NAMES) {
  Deno.test(`${name}: certificate digest, SignedProperties text and digest, whole UBLExtensions block`, async () => {
    const xml = await readFixture(name);
    const certificate = textOf(xml, 'ds:X509Certificate');
    const fixture = fixtureValues(xml);
    assertEquals(certificateDigest(certificate), fixture.values.certificateDigest);
    const parsed = parseCertificate(certificate);
    assertEquals(parsed.issuerName, fixture.values.issuerName);
    assertEquals(parsed.serialNumber, fixture.values.serialNumber);
    assertEquals(signedPropertiesXml(fixture.values), fixture.signedProperties);
    assertEquals(signedPropertiesDigest(fixture.values), fixture.signedPropertiesDigest);
    assertEquals(
      ublExtensionsXml({
        invoiceHash: textOf(xml, 'ds:DigestValue'),
        signatureValue: textOf(xml, 'ds:SignatureValue'),
        certificate,
        signedProperties: fixture.values,
      }),
      elementText(xml, 'ext:UBLExtensions'),
    );
  });
}

Deno.test('the SignedProperties digest is over the exact text: a trailing Z on SigningTime changes it', async () => {
  const { values, signedPropertiesDigest: expected } = fixtureValues(
    await readFixture('Simplified_Invoice_Signed.xml'),
  );
  assertEquals(signedPropertiesDigest(values), expected);
  const withZ = signedPropertiesDigest({ ...values, signingTime: `${values.signingTime}Z` });
  assertEquals(withZ === expected, false);
});

Deno.test('riyadhDateTime: UTC+3 all year, seconds precision', () => {
  assertEquals(riyadhDateTime(new Date('2025-12-31T22:30:05.900Z')), {
    date: '2026-01-01',
    time: '01:30:05',
    dateTime: '2026-01-01T01:30:05',
  });
});
