// UBL 2.1 XML for ZATCA: simplified (0200000) and standard (0100000) tax invoices, credit notes (381)
// and debit notes (383), all with the Invoice root ([XML] §11.2.1). The output is unsigned: it carries
// ICV, PIH and cac:Signature, and signInvoice() adds ext:UBLExtensions and the QR reference. Element
// order follows the UBL 2.1 Invoice schema; amounts come from computeTotals() (halalas, half-up).
import { type Invoice, type InvoiceInput, invoiceInputSchema, DOCUMENT_TYPE_CODES } from './invoice-schema.ts';
import { formatHalalas, normalizeDecimal } from './money.ts';
import { computeTotals, type InvoiceTotals } from './totals.ts';
import { escapeAttribute, escapeText, NS } from './xml.ts';

interface XmlNode {
  name: string;
  attrs?: Record<string, string>;
  text?: string;
  children?: Array<XmlNode | false | undefined>;
}

const el = (
  name: string,
  content?: string | Array<XmlNode | false | undefined>,
  attrs?: Record<string, string>,
): XmlNode => (typeof content === 'string' ? { name, text: content, attrs } : { name, children: content, attrs });

function render(node: XmlNode, depth: number): string {
  const pad = '    '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
    .join('');
  if (node.text !== undefined) return `${pad}<${node.name}${attrs}>${escapeText(node.text)}</${node.name}>`;
  const children = (node.children ?? []).filter((c): c is XmlNode => Boolean(c));
  if (children.length === 0) return `${pad}<${node.name}${attrs}/>`;
  return [`${pad}<${node.name}${attrs}>`, ...children.map((c) => render(c, depth + 1)), `${pad}</${node.name}>`].join(
    '\n',
  );
}

const SAR = { currencyID: 'SAR' };
const amount = (name: string, halalas: bigint) => el(name, formatHalalas(halalas), SAR);
const vatScheme = (attrs?: Record<string, string>) => el('cac:TaxScheme', [el('cbc:ID', 'VAT', attrs)]);

function address(a: NonNullable<Invoice['customer']>['address']) {
  if (!a) return undefined;
  return el('cac:PostalAddress', [
    el('cbc:StreetName', a.street),
    a.additionalStreet !== undefined && el('cbc:AdditionalStreetName', a.additionalStreet),
    el('cbc:BuildingNumber', a.buildingNumber),
    a.additionalNumber !== undefined && el('cbc:PlotIdentification', a.additionalNumber),
    a.district !== undefined && el('cbc:CitySubdivisionName', a.district),
    el('cbc:CityName', a.city),
    el('cbc:PostalZone', a.postalCode),
    el('cac:Country', [el('cbc:IdentificationCode', a.countryCode)]),
  ]);
}

function supplierParty(s: Invoice['supplier']) {
  return el('cac:AccountingSupplierParty', [
    el('cac:Party', [
      el('cac:PartyIdentification', [el('cbc:ID', s.identification.value, { schemeID: s.identification.scheme })]),
      address(s.address),
      el('cac:PartyTaxScheme', [el('cbc:CompanyID', s.vatNumber), vatScheme()]),
      el('cac:PartyLegalEntity', [el('cbc:RegistrationName', s.registrationName)]),
    ]),
  ]);
}

function customerParty(c: Invoice['customer']) {
  if (!c) return undefined;
  return el('cac:AccountingCustomerParty', [
    el('cac:Party', [
      c.identification &&
        el('cac:PartyIdentification', [el('cbc:ID', c.identification.value, { schemeID: c.identification.scheme })]),
      address(c.address),
      c.vatNumber !== undefined && el('cac:PartyTaxScheme', [el('cbc:CompanyID', c.vatNumber), vatScheme()]),
      c.registrationName !== undefined && el('cac:PartyLegalEntity', [el('cbc:RegistrationName', c.registrationName)]),
    ]),
  ]);
}

const UNECE = {
  ids: { schemeID: 'UN/ECE 5305', schemeAgencyID: '6' },
  scheme: { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' },
};

function taxTotals(totals: InvoiceTotals) {
  return [
    el('cac:TaxTotal', [amount('cbc:TaxAmount', totals.tax)]),
    el('cac:TaxTotal', [
      amount('cbc:TaxAmount', totals.tax),
      ...totals.categories.map((c) =>
        el('cac:TaxSubtotal', [
          amount('cbc:TaxableAmount', c.taxable),
          amount('cbc:TaxAmount', c.tax),
          el('cac:TaxCategory', [
            el('cbc:ID', c.category, UNECE.ids),
            el('cbc:Percent', normalizeDecimal(c.rate, 2, 2)),
            c.exemptionCode !== undefined && el('cbc:TaxExemptionReasonCode', c.exemptionCode),
            c.exemptionReason !== undefined && el('cbc:TaxExemptionReason', c.exemptionReason),
            vatScheme(UNECE.scheme),
          ]),
        ]),
      ),
    ]),
  ];
}

function invoiceLines(totals: InvoiceTotals) {
  return totals.lines.map(({ line, net, vat, total }, index) =>
    el('cac:InvoiceLine', [
      el('cbc:ID', String(index + 1)),
      el('cbc:InvoicedQuantity', normalizeDecimal(line.quantity, 6), { unitCode: line.unitCode }),
      amount('cbc:LineExtensionAmount', net),
      el('cac:TaxTotal', [amount('cbc:TaxAmount', vat), amount('cbc:RoundingAmount', total)]),
      el('cac:Item', [
        el('cbc:Name', line.name),
        el('cac:ClassifiedTaxCategory', [
          el('cbc:ID', line.vat.category),
          el('cbc:Percent', normalizeDecimal(line.vat.category === 'S' ? line.vat.rate : '0', 2, 2)),
          vatScheme(),
        ]),
      ]),
      el('cac:Price', [el('cbc:PriceAmount', normalizeDecimal(line.unitPrice, 6, 2), SAR)]),
    ]),
  );
}

export interface BuiltInvoice {
  xml: string;
  invoice: Invoice;
  totals: InvoiceTotals;
  /** InvoiceTypeCode@name: 01/02 + five zero flags (no third party, nominal, export, summary, self-billed). */
  typeName: string;
  typeCode: string;
}

/** Validates the input (zod; throws ZodError with paths) and writes the unsigned UBL document. */
export function buildInvoice(input: InvoiceInput): BuiltInvoice {
  const invoice = invoiceInputSchema.parse(input);
  const totals = computeTotals(invoice);
  const typeName = `${invoice.kind === 'simplified' ? '02' : '01'}00000`;
  const typeCode = DOCUMENT_TYPE_CODES[invoice.documentType];
  const root = el(
    'Invoice',
    [
      el('cbc:ProfileID', 'reporting:1.0'),
      el('cbc:ID', invoice.number),
      el('cbc:UUID', invoice.uuid.toLowerCase()),
      el('cbc:IssueDate', invoice.issueDate),
      el('cbc:IssueTime', invoice.issueTime),
      el('cbc:InvoiceTypeCode', typeCode, { name: typeName }),
      invoice.note &&
        el('cbc:Note', invoice.note.text, invoice.note.language ? { languageID: invoice.note.language } : undefined),
      el('cbc:DocumentCurrencyCode', 'SAR'),
      el('cbc:TaxCurrencyCode', 'SAR'),
      invoice.billingReference !== undefined &&
        el('cac:BillingReference', [el('cac:InvoiceDocumentReference', [el('cbc:ID', invoice.billingReference)])]),
      el('cac:AdditionalDocumentReference', [el('cbc:ID', 'ICV'), el('cbc:UUID', String(invoice.icv))]),
      el('cac:AdditionalDocumentReference', [
        el('cbc:ID', 'PIH'),
        el('cac:Attachment', [
          el('cbc:EmbeddedDocumentBinaryObject', invoice.previousInvoiceHash, { mimeCode: 'text/plain' }),
        ]),
      ]),
      el('cac:Signature', [
        el('cbc:ID', 'urn:oasis:names:specification:ubl:signature:Invoice'),
        el('cbc:SignatureMethod', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
      ]),
      supplierParty(invoice.supplier),
      customerParty(invoice.customer),
      invoice.delivery &&
        el('cac:Delivery', [
          el('cbc:ActualDeliveryDate', invoice.delivery.actualDate),
          invoice.delivery.latestDate !== undefined && el('cbc:LatestDeliveryDate', invoice.delivery.latestDate),
        ]),
      el('cac:PaymentMeans', [
        el('cbc:PaymentMeansCode', invoice.paymentMeansCode),
        invoice.reason !== undefined && el('cbc:InstructionNote', invoice.reason),
      ]),
      ...taxTotals(totals),
      el('cac:LegalMonetaryTotal', [
        amount('cbc:LineExtensionAmount', totals.lineExtension),
        amount('cbc:TaxExclusiveAmount', totals.taxExclusive),
        amount('cbc:TaxInclusiveAmount', totals.taxInclusive),
        amount('cbc:AllowanceTotalAmount', 0n),
        amount('cbc:PrepaidAmount', 0n),
        amount('cbc:PayableAmount', totals.payable),
      ]),
      ...invoiceLines(totals),
    ],
    { xmlns: NS.invoice, 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc, 'xmlns:ext': NS.ext },
  );
  return { xml: `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, 0)}`, invoice, totals, typeName, typeCode };
}
