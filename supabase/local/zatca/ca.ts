/**
 * The sandbox's certificate authority: a secp256k1 CA made per sandbox (in memory, like the real
 * portal's "eInvoicing" CA), which issues the compliance and production CSIDs and the clearance stamp.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, sign, X509Certificate } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import * as x509 from '@peculiar/asn1-x509';

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';

export type NameEntry = [oid: string, value: string];

export function makeName(entries: NameEntry[]): x509.Name {
  return new x509.Name(
    entries.map(
      ([type, value]) =>
        new x509.RelativeDistinguishedName([
          new x509.AttributeTypeAndValue({
            type,
            value: new x509.AttributeValue(type === '2.5.4.6' ? { printableString: value } : { utf8String: value }),
          }),
        ]),
    ),
  );
}

export interface IssueOptions {
  subject: x509.Name;
  /** DER SubjectPublicKeyInfo of the key being certified. */
  spki: Buffer;
  extensions?: x509.Extension[];
  /** Validity in days from now (default 5 years). */
  days?: number;
  ca?: boolean;
}

export interface SandboxCa {
  certificate: X509Certificate;
  /** Base64 DER of the CA certificate. */
  certificateBase64: string;
  issue(options: IssueOptions): string;
}

function buildCertificate(options: IssueOptions, issuer: x509.Name, signer: KeyObject): string {
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // positive INTEGER
  serial[0] |= 0x10; // and no leading zero byte
  const now = Date.now();
  const extensions = [...(options.extensions ?? [])];
  if (options.ca) {
    extensions.push(
      new x509.Extension({
        extnID: x509.id_ce_basicConstraints,
        critical: true,
        extnValue: new OctetString(AsnConvert.serialize(new x509.BasicConstraints({ cA: true }))),
      }),
    );
  }
  const usage = options.ca
    ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign
    : x509.KeyUsageFlags.digitalSignature;
  extensions.push(
    new x509.Extension({
      extnID: x509.id_ce_keyUsage,
      critical: true,
      extnValue: new OctetString(AsnConvert.serialize(new x509.KeyUsage(usage))),
    }),
  );
  const algorithm = new x509.AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 });
  const tbs = new x509.TBSCertificate({
    version: 2,
    serialNumber: new Uint8Array(serial).buffer,
    signature: algorithm,
    issuer,
    validity: new x509.Validity({
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + (options.days ?? 5 * 365) * 86_400_000),
    }),
    subject: options.subject,
    subjectPublicKeyInfo: AsnConvert.parse(options.spki, x509.SubjectPublicKeyInfo),
    extensions: new x509.Extensions(extensions),
  });
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const certificate = new x509.Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: algorithm,
    signatureValue: new Uint8Array(sign('sha256', tbsDer, signer)).buffer,
  });
  return Buffer.from(AsnConvert.serialize(certificate)).toString('base64');
}

export function createSandboxCa(commonName = 'Nuzl ZATCA Sandbox CA'): SandboxCa {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const name = makeName([
    ['2.5.4.6', 'SA'],
    ['2.5.4.10', 'Nuzl local stack (not ZATCA)'],
    ['2.5.4.3', commonName],
  ]);
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const certificateBase64 = buildCertificate({ subject: name, spki, ca: true, days: 20 * 365 }, name, privateKey);
  const certificate = new X509Certificate(Buffer.from(certificateBase64, 'base64'));
  return {
    certificate,
    certificateBase64,
    issue: (options) => buildCertificate(options, name, privateKey),
  };
}
