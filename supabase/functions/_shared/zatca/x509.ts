// X.509 helpers: read what ZATCA's signature block and QR need from a certificate (Base64 DER, as
// in ds:X509Certificate), and issue certificates (self-signed for development and tests; the local
// sandbox has its own CA on the Node side).
import { AsnConvert, x509 } from './deps.ts';
import { fromBase64, toArrayBuffer, toBase64, toHex } from './bytes.ts';
import { OID, ecdsaSign, spkiDer, ecdsaVerify } from './keys.ts';

/** Short names for the attribute types ZATCA certificates use (RFC 4514 plus DC, UID, title…). */
export const NAME_OIDS: Record<string, string> = {
  CN: '2.5.4.3',
  SN: '2.5.4.4',
  SERIALNUMBER: '2.5.4.5',
  C: '2.5.4.6',
  L: '2.5.4.7',
  ST: '2.5.4.8',
  STREET: '2.5.4.9',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  title: '2.5.4.12',
  businessCategory: '2.5.4.15',
  registeredAddress: '2.5.4.26',
  organizationIdentifier: '2.5.4.97',
  UID: '0.9.2342.19200300.100.1.1',
  DC: '0.9.2342.19200300.100.1.25',
  E: '1.2.840.113549.1.9.1',
};
const SHORT_NAMES = Object.fromEntries(Object.entries(NAME_OIDS).map(([short, oid]) => [oid, short]));

export type NameEntry = readonly [type: string, value: string];

/** An X.501 Name, one attribute per RDN, in the given order (C as PrintableString, the rest UTF-8). */
export function buildName(entries: ReadonlyArray<NameEntry>): InstanceType<typeof x509.Name> {
  return new x509.Name(
    entries.map(([type, value]) => {
      const oid = NAME_OIDS[type] ?? type;
      const encoded =
        oid === NAME_OIDS.C || oid === NAME_OIDS.DC
          ? new x509.AttributeValue({ [oid === NAME_OIDS.C ? 'printableString' : 'ia5String']: value })
          : new x509.AttributeValue({ utf8String: value });
      return new x509.RelativeDistinguishedName([new x509.AttributeTypeAndValue({ type: oid, value: encoded })]);
    }),
  );
}

function escapeRdnValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ');
}

/**
 * The name as ZATCA writes ds:X509IssuerName: RDNs from the last to the first (RFC 4514 order),
 * joined by ", " (e.g. "CN=PRZEINVOICESCA4-CA, DC=extgazt, DC=gov, DC=local").
 */
export function formatName(name: InstanceType<typeof x509.Name>): string {
  return [...name]
    .reverse()
    .map((rdn) =>
      [...rdn]
        .map((ava) => {
          const short = SHORT_NAMES[ava.type];
          if (!short) return `${ava.type}=#${toHex(new Uint8Array(AsnConvert.serialize(ava.value)))}`;
          return `${short}=${escapeRdnValue(ava.value.toString())}`;
        })
        .join('+'),
    )
    .join(', ');
}

/** Name entries as [short name or OID, text] pairs, in certificate order. */
export function nameEntries(name: InstanceType<typeof x509.Name>): NameEntry[] {
  return [...name].flatMap((rdn) =>
    [...rdn].map((ava) => [SHORT_NAMES[ava.type] ?? ava.type, ava.value.toString()] as const),
  );
}

export interface ParsedCertificate {
  der: Uint8Array;
  /** Base64 DER: the text of ds:X509Certificate (and what the certificate digest hashes). */
  base64: string;
  /** Decimal serial number, as ds:X509SerialNumber. */
  serialNumber: string;
  issuerName: string;
  subjectName: string;
  subject: NameEntry[];
  notBefore: Date;
  notAfter: Date;
  /** Uncompressed public key point. */
  publicKey: Uint8Array;
  /** DER SubjectPublicKeyInfo (QR tag 8). */
  spki: Uint8Array;
  /** DER ECDSA signature of the CA over the TBSCertificate (QR tag 9). */
  signatureValue: Uint8Array;
  /** DER TBSCertificate, exactly as signed. */
  tbs: Uint8Array;
  certificate: InstanceType<typeof x509.Certificate>;
}

export function parseCertificate(base64Der: string): ParsedCertificate {
  const base64 = base64Der.replace(/\s+/g, '');
  const der = fromBase64(base64);
  const certificate = AsnConvert.parse(der, x509.Certificate);
  const tbs = certificate.tbsCertificate;
  const spki = tbs.subjectPublicKeyInfo;
  const serialHex = toHex(new Uint8Array(tbs.serialNumber));
  return {
    der,
    base64,
    serialNumber: BigInt(`0x${serialHex || '0'}`).toString(10),
    issuerName: formatName(tbs.issuer),
    subjectName: formatName(tbs.subject),
    subject: nameEntries(tbs.subject),
    notBefore: tbs.validity.notBefore.getTime(),
    notAfter: tbs.validity.notAfter.getTime(),
    publicKey: new Uint8Array(spki.subjectPublicKey),
    spki: new Uint8Array(AsnConvert.serialize(spki)),
    signatureValue: new Uint8Array(certificate.signatureValue),
    tbs: new Uint8Array(certificate.tbsCertificateRaw ?? AsnConvert.serialize(tbs)),
    certificate,
  };
}

/** Whether `certificate` carries a valid ECDSA-SHA256 signature by `issuerPublicKey`. */
export function isSignedBy(certificate: ParsedCertificate, issuerPublicKey: Uint8Array): boolean {
  return ecdsaVerify(certificate.signatureValue, certificate.tbs, issuerPublicKey);
}

export interface IssueCertificateOptions {
  subject: ReadonlyArray<NameEntry>;
  issuer: ReadonlyArray<NameEntry>;
  publicKey: Uint8Array;
  /** The issuer's secret key (the subject's own for a self-signed certificate). */
  signerSecretKey: Uint8Array;
  serialNumber: bigint;
  notBefore: Date;
  notAfter: Date;
  extensions?: Array<InstanceType<typeof x509.Extension>>;
}

/** Issues a v3 certificate signed with ECDSA-SHA256; returns it as Base64 DER. */
export function issueCertificate(options: IssueCertificateOptions): string {
  let serialHex = options.serialNumber.toString(16);
  if (serialHex.length % 2) serialHex = `0${serialHex}`;
  if (parseInt(serialHex.slice(0, 2), 16) >= 0x80) serialHex = `00${serialHex}`;
  const serial = Uint8Array.from(serialHex.match(/../g) ?? [], (h) => parseInt(h, 16));
  const signatureAlgorithm = new x509.AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 });
  const tbs = new x509.TBSCertificate({
    version: 2,
    serialNumber: toArrayBuffer(serial),
    signature: signatureAlgorithm,
    issuer: buildName(options.issuer),
    validity: new x509.Validity({ notBefore: options.notBefore, notAfter: options.notAfter }),
    subject: buildName(options.subject),
    subjectPublicKeyInfo: AsnConvert.parse(spkiDer(options.publicKey), x509.SubjectPublicKeyInfo),
    extensions: options.extensions?.length ? new x509.Extensions(options.extensions) : undefined,
  });
  const tbsDer = new Uint8Array(AsnConvert.serialize(tbs));
  const certificate = new x509.Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm,
    signatureValue: toArrayBuffer(ecdsaSign(tbsDer, options.signerSecretKey)),
  });
  return toBase64(new Uint8Array(AsnConvert.serialize(certificate)));
}
