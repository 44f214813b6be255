/**
 * The sandbox's reading of a CSR sent to POST /compliance: Base64 of a PEM PKCS#10 request, signed
 * ECDSA-SHA256 with a secp256k1 key, with the ZATCA subject (CN, O, OU, C=SA), the SAN directoryName
 * (SN 1-…|2-…|3-…, UID = VAT number, title = 4-digit invoice types, registeredAddress,
 * businessCategory) and the certificate template of the environment.
 */
import { createPublicKey, verify } from 'node:crypto';
import * as pkcs10 from '@peculiar/asn1-csr';
import { AsnConvert } from '@peculiar/asn1-schema';
import * as x509 from '@peculiar/asn1-x509';

export const TEMPLATE_OID = '1.3.6.1.4.1.311.20.2';
const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';
const OIDS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.6': 'C',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'title',
  '2.5.4.15': 'businessCategory',
  '2.5.4.26': 'registeredAddress',
  '0.9.2342.19200300.100.1.1': 'UID',
};

export interface ZatcaCsr {
  subject: x509.Name;
  subjectFields: Record<string, string>;
  san: Record<string, string>;
  sanExtension: x509.Extension;
  templateExtension: x509.Extension;
  template: string;
  spki: Buffer;
  vatNumber: string;
  /** The 4-digit TSCZ map: position 1 standard, position 2 simplified. */
  invoiceTypes: string;
}

const fields = (name: x509.Name) =>
  Object.fromEntries(
    [...name].flatMap((rdn) => [...rdn].map((ava) => [OIDS[ava.type] ?? ava.type, ava.value.toString()])),
  );

/** Reads and validates a CSR; throws an Error whose message says what is wrong. */
export function readZatcaCsr(body: unknown, expectedTemplate: string): ZatcaCsr {
  if (typeof body !== 'string' || body === '') throw new Error('csr is missing');
  const pem = Buffer.from(body, 'base64').toString('utf8');
  const match = /-----BEGIN CERTIFICATE REQUEST-----([\s\S]+?)-----END CERTIFICATE REQUEST-----/.exec(pem);
  if (!match) throw new Error('csr is not the Base64 of a PEM certificate request');
  let request: pkcs10.CertificationRequest;
  try {
    request = AsnConvert.parse(Buffer.from(match[1].replace(/\s+/g, ''), 'base64'), pkcs10.CertificationRequest);
  } catch {
    throw new Error('csr is not a PKCS#10 structure');
  }
  const info = request.certificationRequestInfo;
  const spki = Buffer.from(AsnConvert.serialize(info.subjectPKInfo));
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'secp256k1') {
    throw new Error('the key is not an EC key on secp256k1');
  }
  if (request.signatureAlgorithm.algorithm !== '1.2.840.10045.4.3.2')
    throw new Error('the signature is not ECDSA with SHA-256');
  const signed = Buffer.from(request.certificationRequestInfoRaw ?? AsnConvert.serialize(info));
  if (!verify('sha256', signed, key, Buffer.from(request.signature)))
    throw new Error('the CSR signature does not verify');

  const subjectFields = fields(info.subject);
  for (const field of ['CN', 'O', 'OU'])
    if (!subjectFields[field]?.trim()) throw new Error(`the subject has no ${field}`);
  if (subjectFields.C !== 'SA') throw new Error('the subject country (C) is not SA');

  const requested = info.attributes.find((a) => a.type === EXTENSION_REQUEST);
  const extensions = requested ? AsnConvert.parse(requested.values[0], x509.Extensions) : [];
  const templateExtension = extensions.find((e) => e.extnID === TEMPLATE_OID);
  const sanExtension = extensions.find((e) => e.extnID === x509.id_ce_subjectAltName);
  if (!templateExtension) throw new Error(`the certificate template extension ${TEMPLATE_OID} is missing`);
  // A DER string (PrintableString, UTF8String or BMPString): tag, short length, text.
  const raw = Buffer.from(templateExtension.extnValue.buffer);
  const template =
    raw[0] === 0x1e ? Buffer.from(raw.subarray(2)).swap16().toString('utf16le') : raw.subarray(2).toString('utf8');
  if (template !== expectedTemplate)
    throw new Error(`the certificate template is "${template}", this environment expects "${expectedTemplate}"`);
  if (!sanExtension) throw new Error('the subject alternative name (SAN) is missing');
  const names = AsnConvert.parse(sanExtension.extnValue.buffer, x509.SubjectAlternativeName);
  const directory = names.find((n) => n.directoryName)?.directoryName;
  if (!directory) throw new Error('the SAN has no directoryName');
  const san = fields(directory);
  if (!/^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(san.SN ?? '')) throw new Error('SAN SN is not "1-solution|2-model|3-serial"');
  if (!/^3\d{13}3$/.test(san.UID ?? '')) throw new Error('SAN UID is not a VAT number (15 digits, first and last 3)');
  if (!['1000', '0100', '1100'].includes(san.title ?? ''))
    throw new Error('SAN title (invoice types) is not 1000, 0100 or 1100');
  if (!san.registeredAddress?.trim()) throw new Error('SAN registeredAddress is missing');
  if (!san.businessCategory?.trim()) throw new Error('SAN businessCategory is missing');
  return {
    subject: info.subject,
    subjectFields,
    san,
    sanExtension,
    templateExtension,
    template,
    spki,
    vatNumber: san.UID,
    invoiceTypes: san.title,
  };
}
