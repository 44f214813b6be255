// PKCS#10 certificate signing request for an EGS unit ([SEC] §2.2.2 pp.15–17), as the ZATCA SDK
// writes it: subject CN/O/OU/C, a SAN directoryName with SN (surname attribute, 2.5.4.4)
// "1-solution|2-model|3-serial", UID = VAT number, title = the 4-digit "TSCZ" map, registeredAddress,
// businessCategory, and the certificate-template extension 1.3.6.1.4.1.311.20.2 naming the
// environment; signed ECDSA-SHA256 with the unit's secp256k1 key. POST /compliance takes the
// Base64 of the PEM text.
import { AsnConvert, OctetString, pkcs10, x509, z } from './deps.ts';
import { fromPem, toArrayBuffer, toBase64, toPem, utf8 } from './bytes.ts';
import { OID, publicKeyOf, secretKeyFromPem, ecdsaSign, spkiDer, ecdsaVerify } from './keys.ts';
import { buildName, type NameEntry, nameEntries } from './x509.ts';

export const CERTIFICATE_TEMPLATE_OID = '1.3.6.1.4.1.311.20.2';
export const EXTENSION_REQUEST_OID = '1.2.840.113549.1.9.14';

export const ZATCA_ENVIRONMENTS = ['developer-portal', 'simulation', 'production'] as const;
export type ZatcaEnvironment = (typeof ZATCA_ENVIRONMENTS)[number];

export const CERTIFICATE_TEMPLATES: Record<ZatcaEnvironment, string> = {
  'developer-portal': 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  production: 'ZATCA-Code-Signing',
};

const VAT_NUMBER = /^3\d{13}3$/;
const serialPart = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^|]+$/, 'must not contain "|"');
const text = (max: number) => z.string().trim().min(1).max(max);

export const csrParamsSchema = z
  .object({
    environment: z.enum(ZATCA_ENVIRONMENTS),
    /** CN: the EGS unit's name or asset number. */
    commonName: text(64),
    /** O: the taxpayer's name. */
    organizationName: text(64),
    /** OU: the branch name; for a VAT group (11th VAT digit 1), the member's 10-digit TIN. */
    organizationUnit: text(64),
    /** UID: the 15-digit VAT registration number. */
    vatNumber: z.string().regex(VAT_NUMBER, 'VAT number: 15 digits, first and last 3'),
    solutionName: serialPart,
    model: serialPart,
    serial: serialPart,
    /** title: T (standard) S (simplified) and two reserved digits, e.g. 1100 both, 0100 simplified only. */
    invoiceTypes: z.enum(['1000', '0100', '1100']),
    registeredAddress: text(128),
    businessCategory: text(64),
  })
  .refine((p) => p.vatNumber[10] !== '1' || /^\d{10}$/.test(p.organizationUnit), {
    path: ['organizationUnit'],
    message: 'A VAT group member gives its 10-digit TIN as the organisation unit',
  });

export type CsrParams = z.input<typeof csrParamsSchema>;

export interface Csr {
  pem: string;
  der: Uint8Array;
  /** The value of `csr` in POST /compliance: Base64 of the PEM text. */
  requestBody: string;
}

/** DER of a PrintableString (the SDK writes the template name that way). */
function printableString(value: string): ArrayBuffer {
  if (!/^[A-Za-z0-9 '()+,\-./:=?]*$/.test(value) || value.length > 127) throw new Error('Not a short PrintableString');
  return toArrayBuffer(Uint8Array.of(0x13, value.length, ...utf8(value)));
}

export function sanEntries(p: z.output<typeof csrParamsSchema>): NameEntry[] {
  return [
    ['SN', `1-${p.solutionName}|2-${p.model}|3-${p.serial}`],
    ['UID', p.vatNumber],
    ['title', p.invoiceTypes],
    ['registeredAddress', p.registeredAddress],
    ['businessCategory', p.businessCategory],
  ];
}

export function buildCsr(params: CsrParams, privateKeyPem: string): Csr {
  const p = csrParamsSchema.parse(params);
  const secretKey = secretKeyFromPem(privateKeyPem);
  const extensions = new x509.Extensions([
    new x509.Extension({
      extnID: CERTIFICATE_TEMPLATE_OID,
      critical: false,
      extnValue: new OctetString(printableString(CERTIFICATE_TEMPLATES[p.environment])),
    }),
    new x509.Extension({
      extnID: x509.id_ce_subjectAltName,
      critical: false,
      extnValue: new OctetString(
        AsnConvert.serialize(
          new x509.SubjectAlternativeName([new x509.GeneralName({ directoryName: buildName(sanEntries(p)) })]),
        ),
      ),
    }),
  ]);
  const info = new pkcs10.CertificationRequestInfo({
    version: 0,
    subject: buildName([
      ['CN', p.commonName],
      ['O', p.organizationName],
      ['OU', p.organizationUnit],
      ['C', 'SA'],
    ]),
    subjectPKInfo: AsnConvert.parse(spkiDer(publicKeyOf(secretKey)), x509.SubjectPublicKeyInfo),
    attributes: new pkcs10.Attributes([
      new x509.Attribute({ type: EXTENSION_REQUEST_OID, values: [AsnConvert.serialize(extensions)] }),
    ]),
  });
  const infoDer = new Uint8Array(AsnConvert.serialize(info));
  const request = new pkcs10.CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new x509.AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signature: toArrayBuffer(ecdsaSign(infoDer, secretKey)),
  });
  const der = new Uint8Array(AsnConvert.serialize(request));
  const pem = toPem('CERTIFICATE REQUEST', der);
  return { pem, der, requestBody: toBase64(utf8(pem)) };
}

export interface ParsedCsr {
  subject: NameEntry[];
  san: NameEntry[];
  template: string | null;
  publicKey: Uint8Array;
  signatureAlgorithm: string;
  signatureValid: boolean;
}

/** Reads a CSR back (PEM or DER): subject, SAN directoryName, template name, key, signature check. */
export function parseCsr(pemOrDer: string | Uint8Array): ParsedCsr {
  const der = typeof pemOrDer === 'string' ? fromPem(pemOrDer, 'CERTIFICATE REQUEST') : pemOrDer;
  const request = AsnConvert.parse(der, pkcs10.CertificationRequest);
  const info = request.certificationRequestInfo;
  const requested = info.attributes.find((a) => a.type === EXTENSION_REQUEST_OID);
  const extensions = requested ? AsnConvert.parse(requested.values[0], x509.Extensions) : [];
  let template: string | null = null;
  let san: NameEntry[] = [];
  for (const extension of extensions) {
    const value = new Uint8Array(extension.extnValue.buffer);
    if (extension.extnID === CERTIFICATE_TEMPLATE_OID) template = new TextDecoder().decode(value.subarray(2));
    if (extension.extnID === x509.id_ce_subjectAltName) {
      const names = AsnConvert.parse(value, x509.SubjectAlternativeName);
      san = names.flatMap((n) => (n.directoryName ? nameEntries(n.directoryName) : []));
    }
  }
  const publicKey = new Uint8Array(info.subjectPKInfo.subjectPublicKey);
  const infoDer = new Uint8Array(request.certificationRequestInfoRaw ?? AsnConvert.serialize(info));
  return {
    subject: nameEntries(info.subject),
    san,
    template,
    publicKey,
    signatureAlgorithm: request.signatureAlgorithm.algorithm,
    signatureValid: ecdsaVerify(new Uint8Array(request.signature), infoDer, publicKey),
  };
}
