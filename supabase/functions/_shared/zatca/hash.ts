// The invoice hash of BR-KSA-26 / [SEC] §2.3.3: drop ext:UBLExtensions, the QR
// cac:AdditionalDocumentReference and cac:Signature (XPath-filter semantics: the element subtrees go,
// the whitespace text around them stays), canonicalise with C14N 1.1, SHA-256, Base64 of the raw
// 32-byte digest. The same value is ds:DigestValue of the "invoiceSignedData" reference, QR tag 6,
// and the next document's PIH.
import { canonicalize } from './c14n.ts';
import { type Document, type Element, sha256 } from './deps.ts';
import { toBase64, utf8 } from './bytes.ts';
import { childElements, NS, parseXml, textOf } from './xml.ts';

/**
 * PIH of the first document of an EGS unit: Base64 of the hex text of SHA-256("0")
 * (BR-KSA-26 note; docs/zatca.md "Hash chain start").
 */
export const SEED_PREVIOUS_INVOICE_HASH =
  'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

/** True for the three subtrees the hash (and the signature's XPath transforms) leave out. */
export function isExcludedFromHash(element: Element): boolean {
  if (element.namespaceURI === NS.ext && element.localName === 'UBLExtensions') return true;
  if (element.namespaceURI !== NS.cac) return false;
  if (element.localName === 'Signature') return true;
  return (
    element.localName === 'AdditionalDocumentReference' &&
    childElements(element, NS.cbc, 'ID').some((id) => textOf(id) === 'QR')
  );
}

/** The canonical text that is hashed. */
export function canonicalInvoice(doc: Document): string {
  return canonicalize(doc, { omit: isExcludedFromHash });
}

export function invoiceDigest(xmlOrDoc: string | Document): Uint8Array {
  const doc = typeof xmlOrDoc === 'string' ? parseXml(xmlOrDoc) : xmlOrDoc;
  return sha256(utf8(canonicalInvoice(doc)));
}

/** Base64 of the SHA-256 of the canonical invoice: ds:DigestValue, QR tag 6, the next PIH. */
export function invoiceHash(xmlOrDoc: string | Document): string {
  return toBase64(invoiceDigest(xmlOrDoc));
}
