/** XML access for the Node-side verifier and sandbox (xmldom; strict parsing, no DOCTYPE). */
import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

export function parseInvoiceXml(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw new Error('XML with a DOCTYPE is not accepted');
  const problems: string[] = [];
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') problems.push(String(message).split('\n')[0]);
      },
    }).parseFromString(xml, 'text/xml');
  } catch (error) {
    throw new Error(`Malformed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (problems.length || !doc.documentElement) throw new Error(`Malformed XML: ${problems[0] ?? 'no root element'}`);
  return doc;
}

export const elementChildren = (node: Node): Element[] =>
  Array.from(node.childNodes).filter((child): child is Element => child.nodeType === 1);

export const child = (node: Node | undefined, ns: string, name: string): Element | undefined =>
  node && elementChildren(node).find((e) => e.namespaceURI === ns && e.localName === name);

export const children = (node: Node, ns: string, name: string): Element[] =>
  elementChildren(node).filter((e) => e.namespaceURI === ns && e.localName === name);

export const all = (node: Document | Element, ns: string, name: string): Element[] =>
  Array.from(node.getElementsByTagNameNS(ns, name));

export const text = (node: Node | undefined): string => node?.textContent ?? '';

/** A cac:AdditionalDocumentReference by its cbc:ID (ICV, PIH, QR). */
export const documentReference = (root: Element, id: string): Element | undefined =>
  children(root, NS.cac, 'AdditionalDocumentReference').find((ref) => text(child(ref, NS.cbc, 'ID')) === id);

export const embeddedObject = (ref: Element | undefined): string | undefined => {
  const object = child(child(ref, NS.cac, 'Attachment'), NS.cbc, 'EmbeddedDocumentBinaryObject');
  return object ? text(object) : undefined;
};

/** What the checks compare: header fields, seller, totals, ICV/PIH/QR. */
export interface InvoiceFacts {
  id: string;
  uuid: string;
  issueDate: string;
  issueTime: string;
  typeCode: string;
  typeName: string;
  simplified: boolean;
  sellerName: string;
  sellerVat: string;
  taxInclusiveAmount: string;
  vatTotal: string;
  icv: string;
  pih: string | undefined;
  qr: string | undefined;
}

export function invoiceFacts(doc: Document): InvoiceFacts {
  const root = doc.documentElement!;
  if (root.namespaceURI !== NS.invoice || root.localName !== 'Invoice')
    throw new Error('The root element is not a UBL Invoice');
  const cbc = (name: string) => text(child(root, NS.cbc, name));
  const party = child(child(root, NS.cac, 'AccountingSupplierParty'), NS.cac, 'Party');
  const typeCode = child(root, NS.cbc, 'InvoiceTypeCode');
  const documentTaxTotal =
    children(root, NS.cac, 'TaxTotal').find((total) => !child(total, NS.cac, 'TaxSubtotal')) ??
    child(root, NS.cac, 'TaxTotal');
  const typeName = typeCode?.getAttribute('name') ?? '';
  return {
    id: cbc('ID'),
    uuid: cbc('UUID'),
    issueDate: cbc('IssueDate'),
    issueTime: cbc('IssueTime'),
    typeCode: text(typeCode),
    typeName,
    simplified: typeName.startsWith('02'),
    sellerName: text(child(child(party, NS.cac, 'PartyLegalEntity'), NS.cbc, 'RegistrationName')),
    sellerVat: text(child(child(party, NS.cac, 'PartyTaxScheme'), NS.cbc, 'CompanyID')),
    taxInclusiveAmount: text(child(child(root, NS.cac, 'LegalMonetaryTotal'), NS.cbc, 'TaxInclusiveAmount')),
    vatTotal: text(child(documentTaxTotal, NS.cbc, 'TaxAmount')),
    icv: text(child(documentReference(root, 'ICV'), NS.cbc, 'UUID')),
    pih: embeddedObject(documentReference(root, 'PIH')),
    qr: embeddedObject(documentReference(root, 'QR')),
  };
}
