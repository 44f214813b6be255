import { formatHijri } from '@/lib/hijri';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { amountInWords } from './amount-in-words';
import { documentTitle, formatAddress, TAX_LABELS, type BilingualLabel } from './tax-invoice-labels';

/**
 * What the printed tax invoice shows, built once from get_invoice's answer for the page, the
 * print view and the PDF. Values are written the way ZATCA documents write them, the same in both
 * languages: Latin digits, amounts with two decimals and the currency code, dates YYYY-MM-DD and
 * the issue time HH:mm:ss in the organisation's zone (IssueDate/IssueTime, QR tag 3).
 */
export interface DocumentRow {
  label: BilingualLabel;
  value: string;
  /** The value's direction: Arabic names are right-to-left, numbers and codes left-to-right. */
  dir?: 'rtl' | 'ltr' | 'auto';
  testId?: string;
}

export interface DocumentLine {
  description: string;
  descriptionAr: string | null;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  vatAmount: string;
  total: string;
}

export interface TaxDocument {
  title: BilingualLabel;
  draft: boolean;
  seller: { nameAr: string; nameEn: string; rows: DocumentRow[] };
  buyer: { name: string; rows: DocumentRow[] } | null;
  meta: DocumentRow[];
  lines: DocumentLine[];
  totals: DocumentRow[];
  /** The total incl. VAT in words in the invoice's currency (التفقيط), under the totals. */
  totalInWords: BilingualLabel;
  exemptNote: boolean;
  notes: string | null;
  qr: string | null;
}

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const QUANTITY = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

export function documentAmount(value: number, currency: string): string {
  return `${MONEY.format(value)} ${currency}`;
}

export interface TaxDocumentOptions {
  /**
   * Add the Umm al-Qura dates under the Gregorian ones (issue 17: "invoices print both"), written
   * in Arabic as Saudi documents do. The Gregorian dates stay the ZATCA values.
   */
  hijri?: boolean;
}

export function taxDocument(invoice: InvoiceDetail, options: TaxDocumentOptions = {}): TaxDocument {
  const hijri = (day: string) => formatHijri(day, 'ar', 'long');
  const currency = invoice.currency;
  const money = (value: number) => documentAmount(value, currency);
  const seller = invoice.seller;
  const sellerRows: DocumentRow[] = [
    { label: TAX_LABELS.vatNumber, value: seller.vat_number ?? '—', dir: 'ltr', testId: 'doc-seller-vat' },
    { label: TAX_LABELS.crNumber, value: seller.commercial_registration ?? '—', dir: 'ltr' },
    { label: TAX_LABELS.address, value: formatAddress(seller.address) || '—', dir: 'auto' },
  ];

  const buyer = invoice.buyer;
  const buyerRows: DocumentRow[] = [];
  if (buyer.vat_number) buyerRows.push({ label: TAX_LABELS.vatNumber, value: buyer.vat_number, dir: 'ltr' });
  if (buyer.id_scheme && buyer.id)
    buyerRows.push({ label: TAX_LABELS.buyerId, value: `${buyer.id_scheme} ${buyer.id}`, dir: 'ltr' });
  const buyerAddress = formatAddress(buyer.address);
  if (buyerAddress) buyerRows.push({ label: TAX_LABELS.address, value: buyerAddress, dir: 'auto' });

  const meta: DocumentRow[] = [
    { label: TAX_LABELS.invoiceNumber, value: invoice.invoice_number ?? '—', dir: 'ltr', testId: 'doc-number' },
    { label: TAX_LABELS.issueDate, value: invoice.issue_date, dir: 'ltr', testId: 'doc-issue-date' },
  ];
  if (options.hijri)
    meta.push({
      label: TAX_LABELS.issueDateHijri,
      value: hijri(invoice.issue_date),
      dir: 'rtl',
      testId: 'doc-issue-date-hijri',
    });
  if (invoice.issue_time) meta.push({ label: TAX_LABELS.issueTime, value: invoice.issue_time.slice(0, 8), dir: 'ltr' });
  if (invoice.booking && invoice.booking.check_in !== invoice.issue_date)
    meta.push({
      label: TAX_LABELS.supplyDate,
      value: `${invoice.booking.check_in} – ${invoice.booking.check_out}`,
      dir: 'ltr',
    });
  if (invoice.document_type === 'invoice') {
    meta.push({ label: TAX_LABELS.dueDate, value: invoice.due_date, dir: 'ltr' });
    if (options.hijri) meta.push({ label: TAX_LABELS.dueDateHijri, value: hijri(invoice.due_date), dir: 'rtl' });
  }
  if (invoice.original_invoice)
    meta.push({ label: TAX_LABELS.original, value: invoice.original_invoice.invoice_number ?? '—', dir: 'ltr' });
  if (invoice.reason) meta.push({ label: TAX_LABELS.reason, value: invoice.reason, dir: 'auto' });
  meta.push({ label: TAX_LABELS.currency, value: currency, dir: 'ltr' });
  if (currency !== 'SAR' && invoice.exchange_rate)
    meta.push({ label: TAX_LABELS.exchangeRate, value: `1 ${currency} = ${invoice.exchange_rate} SAR`, dir: 'ltr' });

  const lines = invoice.lines.map((line) => ({
    description: line.description,
    descriptionAr: line.description_ar,
    quantity: QUANTITY.format(line.quantity),
    unitPrice: MONEY.format(line.rate),
    vatRate: line.vat_category === 'S' ? `${Math.round(line.vat_rate * 100)}%` : TAX_LABELS.exempt.en,
    vatAmount: MONEY.format(line.vat_amount),
    total: MONEY.format(line.amount + line.vat_amount),
  }));

  const totals: DocumentRow[] = [
    { label: TAX_LABELS.subtotal, value: money(invoice.subtotal), dir: 'ltr', testId: 'doc-subtotal' },
    { label: TAX_LABELS.vatTotal, value: money(invoice.vat_amount), dir: 'ltr', testId: 'doc-vat' },
    { label: TAX_LABELS.total, value: money(invoice.total_amount), dir: 'ltr', testId: 'doc-total' },
  ];
  if (currency !== 'SAR') {
    // ZATCA wants the VAT in SAR whatever the invoice's currency (Art. 53(5)(k)).
    totals.push(
      {
        label: {
          ar: `${TAX_LABELS.vatTotal.ar} (${TAX_LABELS.sarEquivalent.ar})`,
          en: `${TAX_LABELS.vatTotal.en} (SAR)`,
        },
        value: documentAmount(invoice.vat_amount_sar ?? 0, 'SAR'),
        dir: 'ltr',
      },
      {
        label: { ar: `${TAX_LABELS.total.ar} (${TAX_LABELS.sarEquivalent.ar})`, en: `${TAX_LABELS.total.en} (SAR)` },
        value: documentAmount(invoice.total_amount_sar ?? 0, 'SAR'),
        dir: 'ltr',
      },
    );
  }

  // In words as the total is written above it: the invoice's currency, two decimals.
  const total = invoice.total_amount.toFixed(2);
  return {
    title: documentTitle(invoice.document_type, invoice.invoice_kind),
    draft: invoice.status === 'draft',
    seller: { nameAr: seller.name ?? '', nameEn: seller.name_en ?? '', rows: sellerRows },
    buyer: buyer.name || buyerRows.length ? { name: buyer.name ?? '', rows: buyerRows } : null,
    meta,
    lines,
    totals,
    totalInWords: {
      ar: amountInWords(total, currency, 'ar'),
      en: amountInWords(total, currency, 'en'),
    },
    exemptNote: invoice.lines.some((line) => line.vat_category === 'E'),
    notes: invoice.notes,
    qr: invoice.status === 'draft' ? null : invoice.zatca.qr,
  };
}
