/**
 * Independent verifier of a signed ZATCA invoice (the check on the Deno producer, as ZATCA's own
 * validator is): written apart from supabase/functions/_shared/zatca, on other libraries (xml-crypto's
 * C14N, Node's crypto and X509Certificate). Each check reports ✓/✗ with a specific message.
 */
import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import type { Document, Element, Node } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';
import { certificateParts } from './der';
import { decodeTlv, QR_TAGS } from './tlv';
import { all, child, children, type InvoiceFacts, invoiceFacts, NS, parseInvoiceXml, text } from './xml';

export type CheckId =
  | 'xml'
  | 'invoice-hash'
  | 'signature'
  | 'certificate-digest'
  | 'issuer-serial'
  | 'signed-properties'
  | 'qr'
  | 'certificate-issuer';

export interface VerifyCheck {
  id: CheckId;
  label: string;
  ok: boolean;
  message: string;
}

export interface VerifyResult {
  valid: boolean;
  checks: VerifyCheck[];
  invoiceHash?: string;
  facts?: InvoiceFacts;
  certificate?: X509Certificate;
  /** Each QR disagreement, with the tag it concerns (null: the QR as a whole). */
  qrProblems?: QrProblem[];
}

export interface QrProblem {
  tag: number | null;
  message: string;
}

export interface VerifyOptions {
  /** A CA certificate (PEM, or Base64 DER) that must have issued the signing certificate. */
  issuer?: string | X509Certificate;
}

const LABELS: Record<CheckId, string> = {
  xml: 'XML document',
  'invoice-hash': 'Invoice hash',
  signature: 'Signature',
  'certificate-digest': 'Certificate digest',
  'issuer-serial': 'Issuer and serial number',
  'signed-properties': 'Signed properties digest',
  qr: 'QR code',
  'certificate-issuer': 'Certificate issuer',
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();
/** Base64 of the hex text of SHA-256: the form of the certificate and SignedProperties digests. */
const hexDigestBase64 = (data: string) => Buffer.from(sha256(data).toString('hex'), 'utf8').toString('base64');

/** BR-KSA-26: drop UBLExtensions, the QR reference and cac:Signature (keeping the text around them), C14N 1.1, SHA-256. */
export function computeInvoiceHash(xml: string): string {
  const doc = parseInvoiceXml(xml);
  const root = doc.documentElement!;
  const doomed = [
    ...all(root, NS.ext, 'UBLExtensions'),
    ...all(root, NS.cac, 'Signature'),
    ...all(root, NS.cac, 'AdditionalDocumentReference').filter((ref) =>
      children(ref, NS.cbc, 'ID').some((id) => text(id) === 'QR'),
    ),
  ];
  for (const element of doomed) element.parentNode?.removeChild(element);
  // Inclusive C14N 1.0 and 1.1 differ only in xml:* attribute inheritance, which a whole document never needs.
  const canonical = new C14nCanonicalization().process(root as unknown as globalThis.Node, {});
  return sha256(canonical).toString('base64');
}

/** SignedProperties as ZATCA digests it: own-prefix namespace declared first, then attributes, empty elements self-closed. */
function zatcaSignedPropertiesText(element: Element, declared: ReadonlySet<string> = new Set()): string {
  const prefix = element.prefix ?? '';
  const scope = new Set(declared);
  let out = `<${element.nodeName}`;
  if (!scope.has(prefix)) {
    out += ` xmlns${prefix ? `:${prefix}` : ''}="${element.namespaceURI}"`;
    scope.add(prefix);
  }
  for (const attr of Array.from(element.attributes)) {
    if (attr.name !== 'xmlns' && !attr.name.startsWith('xmlns:'))
      out += ` ${attr.name}="${attr.value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
  }
  const nodes = Array.from(element.childNodes) as Node[];
  if (nodes.length === 0) return `${out}/>`;
  const inner = nodes
    .map((node) =>
      node.nodeType === 1
        ? zatcaSignedPropertiesText(node as Element, scope)
        : node.nodeType === 3
          ? (node.nodeValue ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
          : '',
    )
    .join('');
  return `${out}>${inner}</${element.nodeName}>`;
}

/** The ZATCA form of an issuer name: RDNs last to first, joined by ", ". */
const zatcaName = (x509Name: string) => x509Name.split('\n').reverse().join(', ');

function loadCertificate(value: string | X509Certificate): X509Certificate {
  if (value instanceof X509Certificate) return value;
  return new X509Certificate(value.includes('-----BEGIN') ? value : Buffer.from(value.replace(/\s+/g, ''), 'base64'));
}

export function verifyInvoice(xml: string, options: VerifyOptions = {}): VerifyResult {
  const checks: VerifyCheck[] = [];
  const add = (id: CheckId, ok: boolean, message: string) => checks.push({ id, label: LABELS[id], ok, message });
  const done = (extra: Partial<VerifyResult> = {}): VerifyResult => ({
    valid: checks.every((c) => c.ok),
    checks,
    ...extra,
  });

  let doc: Document;
  let facts: InvoiceFacts;
  try {
    doc = parseInvoiceXml(xml);
    facts = invoiceFacts(doc);
  } catch (error) {
    add('xml', false, (error as Error).message);
    return done();
  }
  const signature = all(doc, NS.ds, 'Signature')[0];
  if (!signature) {
    add('xml', false, 'No ds:Signature: the invoice is not signed (ext:UBLExtensions is missing)');
    return done({ facts });
  }
  add('xml', true, `UBL Invoice ${facts.id} (type ${facts.typeCode}, ${facts.typeName}), ICV ${facts.icv || '?'}`);

  const references = all(signature, NS.ds, 'Reference');
  const invoiceReference = references.find((r) => r.getAttribute('Id') === 'invoiceSignedData');
  const propertiesReference = references.find((r) => r.getAttribute('URI') === '#xadesSignedProperties');
  const declaredHash = text(child(invoiceReference, NS.ds, 'DigestValue'));
  const invoiceHash = computeInvoiceHash(xml);
  add(
    'invoice-hash',
    declaredHash === invoiceHash,
    declaredHash === invoiceHash
      ? `${invoiceHash} (C14N 1.1 without UBLExtensions, QR and cac:Signature)`
      : `The invoice content was changed after signing: its hash is ${invoiceHash}, the signature's DigestValue is ${declaredHash || '(missing)'}`,
  );

  const signatureValue = text(all(signature, NS.ds, 'SignatureValue')[0]);
  const certificateText = text(all(signature, NS.ds, 'X509Certificate')[0]).replace(/\s+/g, '');
  let certificate: X509Certificate | undefined;
  try {
    certificate = loadCertificate(certificateText);
  } catch {
    add('signature', false, 'ds:X509Certificate is not a readable X.509 certificate');
  }
  if (certificate) {
    const signed =
      signatureValue !== '' &&
      verifySignature(
        'sha256',
        Buffer.from(declaredHash, 'base64'),
        certificate.publicKey,
        Buffer.from(signatureValue, 'base64'),
      );
    add(
      'signature',
      signed,
      signed
        ? `ECDSA secp256k1 signature of the DigestValue by ${zatcaName(certificate.subject)}`
        : 'ds:SignatureValue is not a signature of the DigestValue by the embedded certificate',
    );

    const properties = all(signature, NS.xades, 'SignedProperties')[0];
    const certDigest = text(
      child(child(all(signature, NS.xades, 'Cert')[0], NS.xades, 'CertDigest'), NS.ds, 'DigestValue'),
    );
    const expectedCertDigest = hexDigestBase64(certificateText);
    add(
      'certificate-digest',
      certDigest === expectedCertDigest,
      certDigest === expectedCertDigest
        ? certDigest
        : `CertDigest ${certDigest || '(missing)'} is not the digest of the embedded certificate (${expectedCertDigest})`,
    );

    const issuerName = text(all(signature, NS.ds, 'X509IssuerName')[0]);
    const serial = text(all(signature, NS.ds, 'X509SerialNumber')[0]);
    const certificateSerial = BigInt(`0x${certificate.serialNumber}`).toString(10);
    const issuerOk = issuerName === zatcaName(certificate.issuer);
    const serialOk = serial === certificateSerial;
    add(
      'issuer-serial',
      issuerOk && serialOk,
      [
        issuerOk
          ? `issuer ${issuerName}`
          : `X509IssuerName "${issuerName}" is not the certificate's issuer "${zatcaName(certificate.issuer)}"`,
        serialOk
          ? `serial ${serial}`
          : `X509SerialNumber ${serial} is not the certificate's serial ${certificateSerial}`,
      ].join('; '),
    );

    const declaredPropertiesDigest = text(child(propertiesReference, NS.ds, 'DigestValue'));
    const propertiesDigest = properties ? hexDigestBase64(zatcaSignedPropertiesText(properties)) : '';
    add(
      'signed-properties',
      propertiesDigest !== '' && propertiesDigest === declaredPropertiesDigest,
      !properties
        ? 'No xades:SignedProperties'
        : propertiesDigest === declaredPropertiesDigest
          ? `${propertiesDigest} (signing time ${text(all(properties, NS.xades, 'SigningTime')[0])})`
          : `SignedProperties were changed after signing: digest ${propertiesDigest}, the reference says ${declaredPropertiesDigest || '(missing)'}`,
    );
  }

  const qrProblems = checkQr(facts, invoiceHash, signatureValue, certificate);
  add(
    'qr',
    qrProblems.length === 0,
    qrProblems.length
      ? qrProblems.map((p) => p.message).join('; ')
      : `agrees with the invoice (seller, VAT number, ${facts.issueDate}T${facts.issueTime}, totals, hash, signature, key)`,
  );

  if (options.issuer && certificate) {
    const ca = loadCertificate(options.issuer);
    const issued = certificate.checkIssued(ca) && certificate.verify(ca.publicKey);
    add(
      'certificate-issuer',
      issued,
      issued
        ? `issued by ${zatcaName(ca.subject)}`
        : `The signing certificate was not issued by ${zatcaName(ca.subject)} (its issuer is ${zatcaName(certificate.issuer)})`,
    );
  }
  return done({ invoiceHash, facts, certificate, qrProblems });
}

function checkQr(
  facts: InvoiceFacts,
  invoiceHash: string,
  signatureValue: string,
  certificate: X509Certificate | undefined,
): QrProblem[] {
  if (!facts.qr) return [{ tag: null, message: 'No QR AdditionalDocumentReference (BR-KSA-27)' }];
  let tags: Map<number, Buffer>;
  try {
    tags = decodeTlv(facts.qr);
  } catch (error) {
    return [{ tag: null, message: (error as Error).message }];
  }
  const problems: QrProblem[] = [];
  const problem = (tag: number, message: string) => problems.push({ tag, message });
  const expectText = (tag: keyof typeof QR_TAGS, expected: string, where: string, alsoOk?: string) => {
    const value = tags.get(tag)?.toString('utf8');
    if (value === undefined) problem(tag, `tag ${tag} (${QR_TAGS[tag]}) is missing`);
    else if (value !== expected && value !== alsoOk)
      problem(tag, `tag ${tag} (${QR_TAGS[tag]}) is "${value}", ${where} is "${expected}"`);
  };
  const timestamp = `${facts.issueDate}T${facts.issueTime}`;
  expectText(1, facts.sellerName, 'the seller RegistrationName');
  expectText(2, facts.sellerVat, 'the seller VAT number');
  expectText(3, timestamp, 'IssueDate+IssueTime', facts.issueTime.endsWith('Z') ? undefined : `${timestamp}Z`);
  expectText(4, facts.taxInclusiveAmount, 'TaxInclusiveAmount');
  expectText(5, facts.vatTotal, 'the TaxTotal TaxAmount');
  expectText(6, invoiceHash, 'the invoice hash');
  expectText(7, signatureValue, 'ds:SignatureValue');
  if (certificate) {
    const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
    if (!tags.get(8)?.equals(spki)) problem(8, "tag 8 (public key) is not the certificate's public key");
    const { signatureValue: certificateSignature } = certificateParts(certificate.raw);
    const tag9 = tags.get(9);
    if (facts.simplified && !tag9)
      problem(9, 'tag 9 (certificate signature) is missing (required on simplified invoices)');
    if (tag9 && !tag9.equals(certificateSignature))
      problem(9, "tag 9 (certificate signature) is not the certificate's signature");
  }
  for (const tag of tags.keys()) if (!(tag in QR_TAGS)) problem(tag, `tag ${tag} is not a ZATCA QR tag`);
  return problems;
}
