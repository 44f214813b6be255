// The XAdES-BES signature block ZATCA expects inside ext:UBLExtensions ([SEC] §2.3.3 pp.19–22),
// laid out byte for byte like the public signed samples (supabase/tests/fixtures/zatca): the
// SignedProperties digest is taken over its text, so its whitespace is part of the contract.
//
//   certificate digest        = Base64(hex(SHA-256(Base64 certificate text)))
//   SignedProperties digest   = Base64(hex(SHA-256(SignedProperties with xmlns:xades on the root and
//                               xmlns:ds on every ds:* element, whitespace as in the document)))
//   ds:SignatureValue         = Base64(DER ECDSA over the raw 32-byte invoice digest)
import { sha256 } from './deps.ts';
import { toBase64, toHex, utf8 } from './bytes.ts';
import { escapeText, NS } from './xml.ts';

export const SIGNATURE_ALGORITHMS = {
  c14n11: 'http://www.w3.org/2006/12/xml-c14n11',
  ecdsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256',
  xpath: 'http://www.w3.org/TR/1999/REC-xpath-19991116',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
  signatureProperties: 'http://www.w3.org/2000/09/xmldsig#SignatureProperties',
  xadesEnveloped: 'urn:oasis:names:specification:ubl:dsig:enveloped:xades',
} as const;

/** Base64 of the hex text of SHA-256 over a text (the "hex then Base64" form ZATCA uses). */
export const hexDigestBase64 = (text: string): string => toBase64(utf8(toHex(sha256(utf8(text)))));

/** xades:CertDigest value: over the Base64 certificate text, not over the DER. */
export const certificateDigest = (certificateBase64: string): string => hexDigestBase64(certificateBase64);

/** Local time in Riyadh (UTC+3 all year) as YYYY-MM-DDTHH:mm:ss, the form of SigningTime and IssueDate/IssueTime. */
export function riyadhDateTime(instant: Date): { date: string; time: string; dateTime: string } {
  const shifted = new Date(instant.getTime() + 3 * 60 * 60 * 1000).toISOString();
  const date = shifted.slice(0, 10);
  const time = shifted.slice(11, 19);
  return { date, time, dateTime: `${date}T${time}` };
}

export interface SignedPropertiesValues {
  signingTime: string;
  certificateDigest: string;
  issuerName: string;
  serialNumber: string;
}

/**
 * xades:SignedProperties as embedded in the document (indented for its place in the block), or, with
 * `forDigest`, the text whose digest is taken (xmlns:xades on the root, xmlns:ds on each ds element).
 */
export function signedPropertiesXml(values: SignedPropertiesValues, forDigest = false): string {
  const xades = forDigest ? ` xmlns:xades="${NS.xades}"` : '';
  const ds = forDigest ? ` xmlns:ds="${NS.ds}"` : '';
  const pad = (n: number) => ' '.repeat(n);
  return [
    `<xades:SignedProperties${xades} Id="xadesSignedProperties">`,
    `${pad(32)}<xades:SignedSignatureProperties>`,
    `${pad(36)}<xades:SigningTime>${escapeText(values.signingTime)}</xades:SigningTime>`,
    `${pad(36)}<xades:SigningCertificate>`,
    `${pad(40)}<xades:Cert>`,
    `${pad(44)}<xades:CertDigest>`,
    `${pad(48)}<ds:DigestMethod${ds} Algorithm="${SIGNATURE_ALGORITHMS.sha256}"/>`,
    `${pad(48)}<ds:DigestValue${ds}>${escapeText(values.certificateDigest)}</ds:DigestValue>`,
    `${pad(44)}</xades:CertDigest>`,
    `${pad(44)}<xades:IssuerSerial>`,
    `${pad(48)}<ds:X509IssuerName${ds}>${escapeText(values.issuerName)}</ds:X509IssuerName>`,
    `${pad(48)}<ds:X509SerialNumber${ds}>${escapeText(values.serialNumber)}</ds:X509SerialNumber>`,
    `${pad(44)}</xades:IssuerSerial>`,
    `${pad(40)}</xades:Cert>`,
    `${pad(36)}</xades:SigningCertificate>`,
    `${pad(32)}</xades:SignedSignatureProperties>`,
    `${pad(28)}</xades:SignedProperties>`,
  ].join('\n');
}

export const signedPropertiesDigest = (values: SignedPropertiesValues): string =>
  hexDigestBase64(signedPropertiesXml(values, true));

export interface SignatureBlockValues {
  invoiceHash: string;
  signatureValue: string;
  certificate: string;
  signedProperties: SignedPropertiesValues;
}

/** The whole ext:UBLExtensions element (from its start tag to its end tag). */
export function ublExtensionsXml(values: SignatureBlockValues): string {
  const t = (xpath: string) =>
    [
      `                                <ds:Transform Algorithm="${SIGNATURE_ALGORITHMS.xpath}">`,
      `                                    <ds:XPath>${xpath}</ds:XPath>`,
      `                                </ds:Transform>`,
    ].join('\n');
  return [
    '<ext:UBLExtensions><ext:UBLExtension>',
    `    <ext:ExtensionURI>${SIGNATURE_ALGORITHMS.xadesEnveloped}</ext:ExtensionURI>`,
    '    <ext:ExtensionContent>',
    `        <sig:UBLDocumentSignatures xmlns:sig="${NS.sig}" xmlns:sac="${NS.sac}" xmlns:sbc="${NS.sbc}">`,
    '            <sac:SignatureInformation>',
    '                <cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>',
    '                <sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>',
    `                <ds:Signature xmlns:ds="${NS.ds}" Id="signature">`,
    '                    <ds:SignedInfo>',
    `                        <ds:CanonicalizationMethod Algorithm="${SIGNATURE_ALGORITHMS.c14n11}"/>`,
    `                        <ds:SignatureMethod Algorithm="${SIGNATURE_ALGORITHMS.ecdsaSha256}"/>`,
    '                        <ds:Reference Id="invoiceSignedData" URI="">',
    '                            <ds:Transforms>',
    t('not(//ancestor-or-self::ext:UBLExtensions)'),
    t('not(//ancestor-or-self::cac:Signature)'),
    t("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])"),
    `                                <ds:Transform Algorithm="${SIGNATURE_ALGORITHMS.c14n11}"/>`,
    '                            </ds:Transforms>',
    `                            <ds:DigestMethod Algorithm="${SIGNATURE_ALGORITHMS.sha256}"/>`,
    `                            <ds:DigestValue>${values.invoiceHash}</ds:DigestValue>`,
    '                        </ds:Reference>',
    `                        <ds:Reference Type="${SIGNATURE_ALGORITHMS.signatureProperties}" URI="#xadesSignedProperties">`,
    `                            <ds:DigestMethod Algorithm="${SIGNATURE_ALGORITHMS.sha256}"/>`,
    `                            <ds:DigestValue>${signedPropertiesDigest(values.signedProperties)}</ds:DigestValue>`,
    '                        </ds:Reference>',
    '                    </ds:SignedInfo>',
    `                    <ds:SignatureValue>${values.signatureValue}</ds:SignatureValue>`,
    '                    <ds:KeyInfo>',
    '                        <ds:X509Data>',
    `                            <ds:X509Certificate>${values.certificate}</ds:X509Certificate>`,
    '                        </ds:X509Data>',
    '                    </ds:KeyInfo>',
    '                    <ds:Object>',
    `                        <xades:QualifyingProperties xmlns:xades="${NS.xades}" Target="signature">`,
    `                            ${signedPropertiesXml(values.signedProperties)}`,
    '                        </xades:QualifyingProperties>',
    '                    </ds:Object>',
    '                </ds:Signature>',
    '            </sac:SignatureInformation>',
    '        </sig:UBLDocumentSignatures>',
    '    </ext:ExtensionContent>',
    '</ext:UBLExtension>',
    '</ext:UBLExtensions>',
  ].join('\n');
}
