import { assert, assertEquals, assertThrows } from './testing.ts';
import { generateKeyPair } from './keys.ts';
import { signInvoice } from './sign.ts';
import { FIXTURE_NAMES, localCredentials, readFixture, textOf } from './test_support.ts';
import { decodeQr } from './tlv.ts';
import { verifySignedInvoice } from './verify.ts';

for (const name of FIXTURE_NAMES) {
  Deno.test(
    `${name} verifies: hash, signature, certificate digest, IssuerSerial, SignedProperties digest, QR`,
    async () => {
      const result = verifySignedInvoice(await readFixture(name));
      assertEquals(
        result.checks.filter((c) => !c.ok),
        [],
      );
      assertEquals(
        result.checks.map((c) => c.check),
        ['invoice hash', 'signature', 'certificate digest', 'issuer and serial', 'signed properties digest', 'QR'],
      );
    },
  );
}

Deno.test('tampering is caught by the check it breaks', async () => {
  const xml = await readFixture('Simplified_Invoice_Signed.xml');
  const failing = (text: string) =>
    verifySignedInvoice(text)
      .checks.filter((c) => !c.ok)
      .map((c) => c.check);
  // A changed amount: the hash (and with it QR tag 6) no longer matches what was signed.
  assertEquals(failing(xml.replace('>231.15</cbc:PayableAmount>', '>1.00</cbc:PayableAmount>')), [
    'invoice hash',
    'signature',
    'QR',
  ]);
  assertEquals(failing(xml.replace('2025-02-27T20:53:12', '2025-02-27T20:53:13')), ['signed properties digest']);
  assertEquals(failing(xml.replace('>Latency</cbc:RegistrationName>', '>Latencx</cbc:RegistrationName>')), [
    'invoice hash',
    'signature',
    'QR',
  ]);
  const otherSignature = textOf(await readFixture('Standard_Invoice_Signed.xml'), 'ds:SignatureValue');
  assertEquals(failing(xml.replace(/<ds:SignatureValue>[^<]+/, `<ds:SignatureValue>${otherSignature}`)), [
    'signature',
    'QR',
  ]);
});

for (const name of FIXTURE_NAMES) {
  Deno.test(`re-signing ${name} with a local key keeps its invoice hash and verifies end to end`, async () => {
    const xml = await readFixture(name);
    const { ca, credentials } = localCredentials();
    const signed = signInvoice(xml, credentials, { signingTime: new Date('2025-03-01T09:00:00Z') });
    assertEquals(signed.invoiceHash, textOf(xml, 'ds:DigestValue'));
    assertEquals(signed.signingTime, '2025-03-01T12:00:00');
    const result = verifySignedInvoice(signed.xml, { caPublicKey: ca.publicKey });
    assertEquals(
      result.checks.filter((c) => !c.ok),
      [],
    );
    const tags = decodeQr(signed.qr);
    const original = decodeQr(
      xml.match(
        /mimeCode="text\/plain">([^<]+)<\/cbc:EmbeddedDocumentBinaryObject>\s*<\/cac:Attachment>\s*<\/cac:AdditionalDocumentReference>\s*<cac:Signature>/,
      )![1],
    );
    for (const tag of [1, 2, 4, 5, 6]) assertEquals(tags.get(tag), original.get(tag), `tag ${tag}`);
    assertEquals(tags.get(3), `${textOf(xml, 'cbc:IssueDate')}T${textOf(xml, 'cbc:IssueTime')}`);
    assertEquals(tags.has(9), name !== 'Standard_Invoice_Signed.xml');
    assert(!verifySignedInvoice(signed.xml, { caPublicKey: generateKeyPair().publicKey }).valid);
  });
}

Deno.test('a key that does not belong to the certificate is refused', async () => {
  const { credentials } = localCredentials();
  assertThrows(
    () => signInvoice('<x/>', { ...credentials, privateKeyPem: generateKeyPair().privateKeyPem }),
    Error,
    'does not belong to the certificate',
  );
  const xml = await readFixture('Simplified_Invoice_Signed.xml');
  assertThrows(
    () => signInvoice(xml.replace(/<cbc:ID>PIH<\/cbc:ID>/, '<cbc:ID>PIX</cbc:ID>'), credentials),
    Error,
    'no PIH',
  );
  assertThrows(() => signInvoice('<Invoice/>', credentials), Error, 'Not a UBL Invoice');
});
