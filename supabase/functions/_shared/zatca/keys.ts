// secp256k1 keys ([SEC] p.13: ECDSA, SHA-256, 256-bit keys on secp256k1) and raw ECDSA over a digest.
// Private keys travel as PKCS#8 PEM ("PRIVATE KEY"); SEC1 PEM ("EC PRIVATE KEY", what OpenSSL and
// the ZATCA SDK write) is read too.
import { AsnConvert, ecc, OctetString, pkcs8, secp256k1, x509 } from './deps.ts';
import { equalBytes, fromPem, toArrayBuffer, toPem } from './bytes.ts';

export const OID = {
  ecPublicKey: '1.2.840.10045.2.1',
  secp256k1: '1.3.132.0.10',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

export interface KeyPair {
  /** PKCS#8 PEM: keep it where no browser role can read it. */
  privateKeyPem: string;
  /** Uncompressed SEC1 point (65 bytes, 0x04 || X || Y). */
  publicKey: Uint8Array;
}

const curveParameters = () => AsnConvert.serialize(new ecc.ECParameters({ namedCurve: OID.secp256k1 }));

export function generateKeyPair(): KeyPair {
  const secretKey = secp256k1.utils.randomSecretKey();
  return { privateKeyPem: privateKeyToPem(secretKey), publicKey: secp256k1.getPublicKey(secretKey, false) };
}

export function privateKeyToPem(secretKey: Uint8Array): string {
  const ecPrivateKey = new ecc.ECPrivateKey({
    version: 1,
    privateKey: new OctetString(toArrayBuffer(secretKey)),
    publicKey: toArrayBuffer(secp256k1.getPublicKey(secretKey, false)),
  });
  const info = new pkcs8.PrivateKeyInfo({
    version: 0,
    privateKeyAlgorithm: new x509.AlgorithmIdentifier({ algorithm: OID.ecPublicKey, parameters: curveParameters() }),
    privateKey: new pkcs8.PrivateKey(AsnConvert.serialize(ecPrivateKey)),
  });
  return toPem('PRIVATE KEY', new Uint8Array(AsnConvert.serialize(info)));
}

/** The 32-byte secret scalar of a secp256k1 private key in PKCS#8 or SEC1 PEM. */
export function secretKeyFromPem(pem: string): Uint8Array {
  let ecPrivateKey: InstanceType<typeof ecc.ECPrivateKey>;
  if (pem.includes('-----BEGIN PRIVATE KEY-----')) {
    const info = AsnConvert.parse(fromPem(pem, 'PRIVATE KEY'), pkcs8.PrivateKeyInfo);
    const { algorithm, parameters } = info.privateKeyAlgorithm;
    if (algorithm !== OID.ecPublicKey || !parameters) throw new Error('The private key is not an EC key');
    const curve = AsnConvert.parse(parameters, ecc.ECParameters).namedCurve;
    if (curve !== OID.secp256k1) throw new Error(`The private key is on curve ${curve}, not secp256k1`);
    ecPrivateKey = AsnConvert.parse(info.privateKey.buffer, ecc.ECPrivateKey);
  } else if (pem.includes('-----BEGIN EC PRIVATE KEY-----')) {
    ecPrivateKey = AsnConvert.parse(fromPem(pem, 'EC PRIVATE KEY'), ecc.ECPrivateKey);
    const curve = ecPrivateKey.parameters?.namedCurve;
    if (curve && curve !== OID.secp256k1) throw new Error(`The private key is on curve ${curve}, not secp256k1`);
  } else {
    throw new Error('Expected a PEM private key (PRIVATE KEY or EC PRIVATE KEY)');
  }
  const secret = new Uint8Array(ecPrivateKey.privateKey.buffer);
  if (secret.length !== 32 || !secp256k1.utils.isValidSecretKey(secret))
    throw new Error('Invalid secp256k1 private key');
  if (
    ecPrivateKey.publicKey &&
    !equalBytes(new Uint8Array(ecPrivateKey.publicKey), secp256k1.getPublicKey(secret, false))
  ) {
    throw new Error('The private key does not match its embedded public key');
  }
  return secret;
}

export const publicKeyOf = (secretKey: Uint8Array): Uint8Array => secp256k1.getPublicKey(secretKey, false);

/** DER SubjectPublicKeyInfo of a secp256k1 public key (QR tag 8's format). */
export function spkiDer(publicKey: Uint8Array): Uint8Array {
  const point = publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const spki = new x509.SubjectPublicKeyInfo({
    algorithm: new x509.AlgorithmIdentifier({ algorithm: OID.ecPublicKey, parameters: curveParameters() }),
    subjectPublicKey: toArrayBuffer(point),
  });
  return new Uint8Array(AsnConvert.serialize(spki));
}

/**
 * ECDSA-SHA256 on secp256k1, DER encoded: SHA-256 of `message`, then ECDSA. For an invoice the message
 * is the raw 32-byte invoice digest (so the digest is hashed once more, as OpenSSL's
 * `sign('sha256', digest)` does and as the public fixtures' signatures verify); for a certificate or a
 * CSR it is the DER to be signed.
 */
export function ecdsaSign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return secp256k1.sign(message, secretKey, { prehash: true, format: 'der' });
}

/** Verifies an ECDSA-SHA256 DER signature; high-S signatures (OpenSSL, Java) are valid too. */
export function ecdsaVerify(signatureDer: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return secp256k1.verify(signatureDer, message, publicKey, { prehash: true, format: 'der', lowS: false });
  } catch {
    return false;
  }
}
