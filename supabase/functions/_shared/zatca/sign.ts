// Signs a UBL invoice the ZATCA way: hash (BR-KSA-26) → ECDSA secp256k1 over the raw digest →
// XAdES block in ext:UBLExtensions → QR (tags 1–8, plus 9 for simplified documents) in the QR
// AdditionalDocumentReference. The hash leaves out exactly the parts this function writes, so the
// document is laid out first with placeholders there, hashed, then the placeholders are filled:
// the invoice hash of the result is the hash that was signed (checked before returning).
import { type Document, type Element, XMLSerializer } from './deps.ts';
import { equalBytes, fromBase64, toBase64 } from './bytes.ts';
import { invoiceHash } from './hash.ts';
import { additionalReference, invoiceFields, qrTimestamp } from './invoice-fields.ts';
import { publicKeyOf, secretKeyFromPem, ecdsaSign } from './keys.ts';
import { phase2Qr } from './tlv.ts';
import { certificateDigest, riyadhDateTime, ublExtensionsXml } from './xades.ts';
import { parseCertificate } from './x509.ts';
import { escapeText, firstChild, NS, parseXml } from './xml.ts';

export interface SigningCredentials {
  /** PKCS#8 (or SEC1) PEM of the EGS unit's secp256k1 key. */
  privateKeyPem: string;
  /** Base64 DER certificate: the CSID (ZATCA's binarySecurityToken is Base64 of this text). */
  certificate: string;
}

export interface SignedInvoice {
  xml: string;
  /** Base64 SHA-256 of the canonical invoice: DigestValue, QR tag 6, the next document's PIH. */
  invoiceHash: string;
  signatureValue: string;
  qr: string;
  signingTime: string;
}

const SIGNATURE_MARK = 'NUZL-SIGNATURE-BLOCK';
const QR_MARK = 'NUZL-QR-REFERENCE';
const CAC_SIGNATURE_MARK = 'NUZL-CAC-SIGNATURE';

const INDENT = '\n    ';

export const qrReferenceXml = (qr: string): string =>
  [
    '<cac:AdditionalDocumentReference>',
    '        <cbc:ID>QR</cbc:ID>',
    '        <cac:Attachment>',
    `            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${escapeText(qr)}</cbc:EmbeddedDocumentBinaryObject>`,
    '        </cac:Attachment>',
    '    </cac:AdditionalDocumentReference>',
  ].join('\n');

export const cacSignatureXml = (): string =>
  [
    '<cac:Signature>',
    '        <cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>',
    `        <cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod>`,
    '    </cac:Signature>',
  ].join('\n');

function insertAfter(doc: Document, anchor: Element, element: Element): void {
  const parent = anchor.parentNode!;
  parent.insertBefore(element, anchor.nextSibling);
  parent.insertBefore(doc.createTextNode(INDENT), element);
}

function placeholder(doc: Document, ns: string, qname: string, mark: string): Element {
  const element = doc.createElementNS(ns, qname);
  element.appendChild(doc.createTextNode(mark));
  return element;
}

/** Replaces the element around `mark` (start tag to end tag) in serialized XML. */
function fill(xml: string, qname: string, mark: string, replacement: string): string {
  const at = xml.indexOf(mark);
  const start = xml.lastIndexOf(`<${qname}`, at);
  const endTag = `</${qname}>`;
  const end = xml.indexOf(endTag, at) + endTag.length;
  if (at < 0 || start < 0 || end < endTag.length) throw new Error(`Placeholder ${mark} not found`);
  return xml.slice(0, start) + replacement + xml.slice(end);
}

/** Lays out the unsigned document with placeholders where the signature, QR and cac:Signature go. */
function layOut(unsignedXml: string): string {
  const doc = parseXml(unsignedXml);
  const { root } = invoiceFields(doc);
  for (const [prefix, uri] of [
    ['cac', NS.cac],
    ['cbc', NS.cbc],
  ] as const) {
    if (root.lookupNamespaceURI(prefix) !== uri)
      throw new Error(`The Invoice root must declare xmlns:${prefix}="${uri}"`);
  }
  if (root.lookupNamespaceURI('ext') !== NS.ext) {
    root.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:ext', NS.ext);
  }
  // Re-signing replaces an earlier signature block and QR where they stand, so the hash stays the same.
  const extensions = placeholder(doc, NS.ext, 'ext:UBLExtensions', SIGNATURE_MARK);
  const oldExtensions = firstChild(root, NS.ext, 'UBLExtensions');
  if (oldExtensions) {
    root.replaceChild(extensions, oldExtensions);
  } else {
    root.insertBefore(extensions, root.firstChild);
    root.insertBefore(doc.createTextNode(INDENT), extensions);
  }

  const qr = placeholder(doc, NS.cac, 'cac:AdditionalDocumentReference', QR_MARK);
  qr.insertBefore(doc.createElementNS(NS.cbc, 'cbc:ID'), qr.firstChild).appendChild(doc.createTextNode('QR'));
  const oldQr = additionalReference(root, 'QR');
  const pih = additionalReference(root, 'PIH');
  if (!pih) throw new Error('The invoice has no PIH AdditionalDocumentReference (BR-KSA-61)');
  if (oldQr) root.replaceChild(qr, oldQr);
  else insertAfter(doc, pih, qr);

  if (!firstChild(root, NS.cac, 'Signature')) {
    insertAfter(doc, qr, placeholder(doc, NS.cac, 'cac:Signature', CAC_SIGNATURE_MARK));
  }
  return new XMLSerializer().serializeToString(doc);
}

export function signInvoice(
  unsignedXml: string,
  credentials: SigningCredentials,
  options: { signingTime?: Date } = {},
): SignedInvoice {
  const secretKey = secretKeyFromPem(credentials.privateKeyPem);
  const certificate = parseCertificate(credentials.certificate);
  if (!equalBytes(certificate.publicKey, publicKeyOf(secretKey))) {
    throw new Error('The private key does not belong to the certificate');
  }
  const laidOut = layOut(unsignedXml);
  const hash = invoiceHash(laidOut);
  const signatureValue = toBase64(ecdsaSign(fromBase64(hash), secretKey));
  const signingTime = riyadhDateTime(options.signingTime ?? new Date()).dateTime;

  const fields = invoiceFields(parseXml(laidOut));
  const qr = phase2Qr({
    sellerName: fields.sellerName,
    vatNumber: fields.sellerVat,
    timestamp: qrTimestamp(fields),
    totalWithVat: fields.taxInclusiveAmount,
    vatTotal: fields.vatTotal,
    invoiceHash: hash,
    signatureValue,
    publicKeySpki: certificate.spki,
    certificateSignature: fields.simplified ? certificate.signatureValue : undefined,
  });

  let xml = fill(
    laidOut,
    'ext:UBLExtensions',
    SIGNATURE_MARK,
    ublExtensionsXml({
      invoiceHash: hash,
      signatureValue,
      certificate: certificate.base64,
      signedProperties: {
        signingTime,
        certificateDigest: certificateDigest(certificate.base64),
        issuerName: certificate.issuerName,
        serialNumber: certificate.serialNumber,
      },
    }),
  );
  xml = fill(xml, 'cac:AdditionalDocumentReference', QR_MARK, qrReferenceXml(qr));
  if (xml.includes(CAC_SIGNATURE_MARK)) xml = fill(xml, 'cac:Signature', CAC_SIGNATURE_MARK, cacSignatureXml());
  if (invoiceHash(xml) !== hash) throw new Error('Internal error: the signed document hashes differently');
  return { xml, invoiceHash: hash, signatureValue, qr, signingTime };
}
