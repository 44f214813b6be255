import { assert, assertEquals, assertThrows } from './testing.ts';
import { AsnConvert, ecc, OctetString, pkcs8, secp256k1, sha256, x509 } from './deps.ts';
import { fromPem, toArrayBuffer, toPem, utf8 } from './bytes.ts';
import { generateKeyPair, OID, publicKeyOf, secretKeyFromPem, ecdsaSign, spkiDer, ecdsaVerify } from './keys.ts';

Deno.test('a generated key round-trips through PKCS#8 PEM and makes verifiable DER ECDSA-SHA256 signatures', () => {
  const { privateKeyPem, publicKey } = generateKeyPair();
  assert(privateKeyPem.startsWith('-----BEGIN PRIVATE KEY-----\n'));
  const secret = secretKeyFromPem(privateKeyPem);
  assertEquals(publicKeyOf(secret), publicKey);
  const digest = sha256(utf8('invoice'));
  const signature = ecdsaSign(digest, secret);
  assertEquals(signature[0], 0x30);
  assert(ecdsaVerify(signature, digest, publicKey));
  assert(!ecdsaVerify(signature, sha256(utf8('other')), publicKey));
  assert(!ecdsaVerify(Uint8Array.of(1, 2, 3), digest, publicKey));
});

Deno.test('SEC1 "EC PRIVATE KEY" PEM (OpenSSL, ZATCA SDK) is read too', () => {
  const secret = secp256k1.utils.randomSecretKey();
  const sec1 = new ecc.ECPrivateKey({
    version: 1,
    privateKey: new OctetString(toArrayBuffer(secret)),
    parameters: new ecc.ECParameters({ namedCurve: OID.secp256k1 }),
  });
  assertEquals(secretKeyFromPem(toPem('EC PRIVATE KEY', new Uint8Array(AsnConvert.serialize(sec1)))), secret);
});

Deno.test('keys on another curve, of another type, mismatched or malformed are refused', () => {
  const p256 = new pkcs8.PrivateKeyInfo({
    version: 0,
    privateKeyAlgorithm: new x509.AlgorithmIdentifier({
      algorithm: OID.ecPublicKey,
      parameters: AsnConvert.serialize(new ecc.ECParameters({ namedCurve: '1.2.840.10045.3.1.7' })),
    }),
    privateKey: new pkcs8.PrivateKey(
      AsnConvert.serialize(new ecc.ECPrivateKey({ version: 1, privateKey: new OctetString(new ArrayBuffer(32)) })),
    ),
  });
  assertThrows(
    () => secretKeyFromPem(toPem('PRIVATE KEY', new Uint8Array(AsnConvert.serialize(p256)))),
    Error,
    'not secp256k1',
  );
  assertThrows(
    () => secretKeyFromPem('-----BEGIN RSA PRIVATE KEY-----\nAA==\n-----END RSA PRIVATE KEY-----'),
    Error,
    'Expected a PEM',
  );
  // A PKCS#8 whose embedded public key belongs to another secret.
  const pem = generateKeyPair().privateKeyPem;
  const info = AsnConvert.parse(fromPem(pem, 'PRIVATE KEY'), pkcs8.PrivateKeyInfo);
  const inner = AsnConvert.parse(info.privateKey.buffer, ecc.ECPrivateKey);
  inner.publicKey = toArrayBuffer(generateKeyPair().publicKey);
  info.privateKey = new pkcs8.PrivateKey(AsnConvert.serialize(inner));
  assertThrows(
    () => secretKeyFromPem(toPem('PRIVATE KEY', new Uint8Array(AsnConvert.serialize(info)))),
    Error,
    'does not match',
  );
});

Deno.test('high-S signatures (as OpenSSL produces) verify; the SPKI has the secp256k1 prefix', () => {
  const { privateKeyPem, publicKey } = generateKeyPair();
  const digest = sha256(utf8('x'));
  const low = secp256k1.Signature.fromBytes(ecdsaSign(digest, secretKeyFromPem(privateKeyPem)), 'der');
  const high = new secp256k1.Signature(low.r, secp256k1.Point.CURVE().n - low.s).toBytes('der');
  assert(ecdsaVerify(high, digest, publicKey));
  const spki = spkiDer(publicKey);
  assertEquals(spki.length, 88);
  assertEquals(spkiDer(secp256k1.Point.fromBytes(publicKey).toBytes(true)), spki);
});
