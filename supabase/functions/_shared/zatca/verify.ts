// The producer's own check of a signed invoice (the edge function runs it before storing or sending;
// the independent check is supabase/local/zatca/verify.ts on the Node side). Every check is reported.
import type { Element, Node } from './deps.ts';
import { equalBytes, fromBase64 } from './bytes.ts';
import { invoiceHash } from './hash.ts';
import { invoiceFields, qrTimestamp } from './invoice-fields.ts';
import { ecdsaVerify } from './keys.ts';
import { decodeQr } from './tlv.ts';
import { certificateDigest, hexDigestBase64 } from './xades.ts';
import { isSignedBy, type ParsedCertificate, parseCertificate } from './x509.ts';
import { descendants, ELEMENT_NODE, escapeAttribute, escapeText, NS, parseXml, TEXT_NODE, textOf } from './xml.ts';

export interface Check {
  check: string;
  ok: boolean;
  message: string;
}

export interface Verification {
  valid: boolean;
  checks: Check[];
  invoiceHash?: string;
}

/**
 * SignedProperties as ZATCA digests it: each element declares the namespace of its own prefix unless
 * an ancestor inside the subtree already did (so xmlns:xades on the root, xmlns:ds on each ds
 * element), namespace declarations before attributes, empty elements self-closed, text as is.
 */
export function signedPropertiesDigestText(element: Element, declared = new Map<string, string>()): string {
  const prefix = element.prefix ?? '';
  const scope = new Map(declared);
  let out = `<${element.tagName}`;
  if (scope.get(prefix) !== element.namespaceURI) {
    out += prefix ? ` xmlns:${prefix}="${element.namespaceURI}"` : ` xmlns="${element.namespaceURI}"`;
    scope.set(prefix, element.namespaceURI ?? '');
  }
  for (const attr of Array.from(element.attributes)) {
    if (attr.name === 'xmlns' || attr.name.startsWith('xmlns:')) continue;
    out += ` ${attr.name}="${escapeAttribute(attr.value)}"`;
  }
  const children = Array.from(element.childNodes as ArrayLike<Node>);
  if (children.length === 0) return `${out}/>`;
  out += '>';
  for (const child of children) {
    if (child.nodeType === ELEMENT_NODE) out += signedPropertiesDigestText(child as Element, scope);
    else if (child.nodeType === TEXT_NODE) out += escapeText(child.nodeValue ?? '');
  }
  return `${out}</${element.tagName}>`;
}

const one = (root: Node, ns: string, name: string) => descendants(root, ns, name)[0] as Element | undefined;

export function verifySignedInvoice(xml: string, options: { caPublicKey?: Uint8Array } = {}): Verification {
  const checks: Check[] = [];
  const add = (check: string, ok: boolean, message: string) => checks.push({ check, ok, message });
  const doc = parseXml(xml);
  const fields = invoiceFields(doc);
  const signature = one(doc, NS.ds, 'Signature');
  if (!signature) {
    add('signature block', false, 'No ds:Signature in ext:UBLExtensions');
    return { valid: false, checks };
  }
  const references = descendants(signature, NS.ds, 'Reference');
  const invoiceRef = references.find((r) => r.getAttribute('Id') === 'invoiceSignedData');
  const propsRef = references.find((r) => r.getAttribute('URI') === '#xadesSignedProperties');
  const digestOf = (ref: Element | undefined) => (ref ? textOf(one(ref, NS.ds, 'DigestValue')) : '');
  const signatureValue = textOf(one(signature, NS.ds, 'SignatureValue'));
  const hash = invoiceHash(doc);

  add(
    'invoice hash',
    digestOf(invoiceRef) === hash,
    `computed ${hash}, DigestValue ${digestOf(invoiceRef) || '(missing)'}`,
  );

  let certificate: ParsedCertificate | undefined;
  try {
    certificate = parseCertificate(textOf(one(signature, NS.ds, 'X509Certificate')));
  } catch (error) {
    add('certificate', false, `Unreadable ds:X509Certificate: ${(error as Error).message}`);
  }
  if (certificate) {
    let signatureOk = false;
    try {
      signatureOk = ecdsaVerify(fromBase64(signatureValue), fromBase64(hash), certificate.publicKey);
    } catch {
      signatureOk = false;
    }
    add(
      'signature',
      signatureOk,
      signatureOk ? 'ECDSA secp256k1 over the invoice hash verifies' : 'does not verify with the certificate key',
    );

    const properties = one(signature, NS.xades, 'SignedProperties');
    const certDigest = properties
      ? textOf(one(one(properties, NS.xades, 'CertDigest') ?? properties, NS.ds, 'DigestValue'))
      : '';
    add(
      'certificate digest',
      certDigest === certificateDigest(certificate.base64),
      `CertDigest ${certDigest || '(missing)'}`,
    );
    const issuer = properties ? textOf(one(properties, NS.ds, 'X509IssuerName')) : '';
    const serial = properties ? textOf(one(properties, NS.ds, 'X509SerialNumber')) : '';
    add(
      'issuer and serial',
      issuer === certificate.issuerName && serial === certificate.serialNumber,
      `IssuerSerial ${issuer} / ${serial}; certificate ${certificate.issuerName} / ${certificate.serialNumber}`,
    );
    const propsDigest = properties ? hexDigestBase64(signedPropertiesDigestText(properties)) : '';
    add(
      'signed properties digest',
      propsDigest !== '' && propsDigest === digestOf(propsRef),
      `computed ${propsDigest || '(no SignedProperties)'}`,
    );
    if (options.caPublicKey) {
      add('certificate issuer', isSignedBy(certificate, options.caPublicKey), `issued by ${certificate.issuerName}`);
    }
  }

  if (!fields.qr) {
    add('QR', false, 'No QR AdditionalDocumentReference');
  } else {
    const tags = decodeQr(fields.qr);
    const expectedText: Array<[number, string]> = [
      [1, fields.sellerName],
      [2, fields.sellerVat],
      [4, fields.taxInclusiveAmount],
      [5, fields.vatTotal],
      [6, hash],
      [7, signatureValue],
    ];
    const wrong = expectedText.filter(([tag, value]) => tags.get(tag) !== value).map(([tag]) => tag);
    const timestamp = tags.get(3);
    if (timestamp !== qrTimestamp(fields) && timestamp !== `${qrTimestamp(fields)}Z`) wrong.push(3);
    const bytes = (tag: number) =>
      tags.get(tag) instanceof Uint8Array ? (tags.get(tag) as Uint8Array) : new Uint8Array();
    if (certificate && !equalBytes(bytes(8), certificate.spki)) wrong.push(8);
    if (fields.simplified && certificate && !equalBytes(bytes(9), certificate.signatureValue)) wrong.push(9);
    add(
      'QR',
      wrong.length === 0,
      wrong.length
        ? `tags ${wrong.sort((a, b) => a - b).join(', ')} do not match the invoice`
        : `${tags.size} tags match`,
    );
  }
  return { valid: checks.every((c) => c.ok), checks, invoiceHash: hash };
}
