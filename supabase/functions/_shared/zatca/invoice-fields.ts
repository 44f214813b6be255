// What the QR and the checks read back from an invoice document.
import type { Document, Element } from './deps.ts';
import { childElements, firstChild, NS, path, textOf } from './xml.ts';

export interface InvoiceFields {
  root: Element;
  id: string;
  uuid: string;
  issueDate: string;
  issueTime: string;
  typeCode: string;
  /** The 7-character InvoiceTypeCode@name ("0200000" simplified, "0100000" standard…). */
  typeName: string;
  simplified: boolean;
  sellerName: string;
  sellerVat: string;
  taxInclusiveAmount: string;
  /** TaxTotal/TaxAmount in the tax currency (the TaxTotal without subtotals). */
  vatTotal: string;
  icv: string;
  pih: string;
  qr: string | null;
}

/** The cac:AdditionalDocumentReference whose cbc:ID is `id` (ICV, PIH, QR). */
export function additionalReference(root: Element, id: string): Element | undefined {
  return childElements(root, NS.cac, 'AdditionalDocumentReference').find(
    (ref) => textOf(firstChild(ref, NS.cbc, 'ID')) === id,
  );
}

const embedded = (ref: Element | undefined) =>
  ref && textOf(path(ref, [NS.cac, 'Attachment'], [NS.cbc, 'EmbeddedDocumentBinaryObject']));

export function invoiceFields(doc: Document): InvoiceFields {
  const root = doc.documentElement!;
  if (root.namespaceURI !== NS.invoice || root.localName !== 'Invoice') {
    throw new Error('Not a UBL Invoice document (ZATCA uses the Invoice root for invoices, credit and debit notes)');
  }
  const cbc = (name: string) => textOf(firstChild(root, NS.cbc, name));
  const typeCode = firstChild(root, NS.cbc, 'InvoiceTypeCode');
  const party = path(root, [NS.cac, 'AccountingSupplierParty'], [NS.cac, 'Party']);
  const taxTotals = childElements(root, NS.cac, 'TaxTotal');
  const documentTaxTotal = taxTotals.find((t) => !firstChild(t, NS.cac, 'TaxSubtotal')) ?? taxTotals[0];
  const typeName = typeCode?.getAttribute('name') ?? '';
  return {
    root,
    id: cbc('ID'),
    uuid: cbc('UUID'),
    issueDate: cbc('IssueDate'),
    issueTime: cbc('IssueTime'),
    typeCode: textOf(typeCode),
    typeName,
    simplified: typeName.startsWith('02'),
    sellerName: party ? textOf(path(party, [NS.cac, 'PartyLegalEntity'], [NS.cbc, 'RegistrationName'])) : '',
    sellerVat: party ? textOf(path(party, [NS.cac, 'PartyTaxScheme'], [NS.cbc, 'CompanyID'])) : '',
    taxInclusiveAmount: textOf(path(root, [NS.cac, 'LegalMonetaryTotal'], [NS.cbc, 'TaxInclusiveAmount'])),
    vatTotal: documentTaxTotal ? textOf(firstChild(documentTaxTotal, NS.cbc, 'TaxAmount')) : '',
    icv: textOf(path(additionalReference(root, 'ICV') ?? doc, [NS.cbc, 'UUID'])),
    pih: embedded(additionalReference(root, 'PIH')) ?? '',
    qr: embedded(additionalReference(root, 'QR')) ?? null,
  };
}

/** QR tag 3: the invoice's own IssueDate and IssueTime (no zone added: the XML carries local time). */
export const qrTimestamp = (fields: Pick<InvoiceFields, 'issueDate' | 'issueTime'>): string =>
  `${fields.issueDate}T${fields.issueTime}`;
