import type { DocumentType, InvoiceKind } from '@/domain/invoices';

/**
 * The labels of the printed tax invoice, always in both languages side by side whatever the
 * screen's language: the law asks for the invoice in Arabic (VAT Implementing Regulations
 * Art. 53(5)), and a guest or an accountant reading English needs the same document. One table
 * for the page, the print view and the PDF, so they never disagree.
 */
export interface BilingualLabel {
  ar: string;
  en: string;
}

export const TAX_LABELS = {
  seller: { ar: 'البائع', en: 'Seller' },
  buyer: { ar: 'المشتري', en: 'Buyer' },
  vatNumber: { ar: 'الرقم الضريبي', en: 'VAT No.' },
  crNumber: { ar: 'رقم السجل التجاري', en: 'CR No.' },
  address: { ar: 'العنوان الوطني', en: 'National address' },
  buyerId: { ar: 'رقم الهوية', en: 'ID No.' },
  invoiceNumber: { ar: 'رقم الفاتورة', en: 'Invoice No.' },
  issueDate: { ar: 'تاريخ الإصدار', en: 'Issue date' },
  issueTime: { ar: 'وقت الإصدار', en: 'Issue time' },
  dueDate: { ar: 'تاريخ الاستحقاق', en: 'Due date' },
  issueDateHijri: { ar: 'تاريخ الإصدار (هجري)', en: 'Issue date (Hijri)' },
  dueDateHijri: { ar: 'تاريخ الاستحقاق (هجري)', en: 'Due date (Hijri)' },
  supplyDate: { ar: 'تاريخ التوريد', en: 'Supply date' },
  currency: { ar: 'العملة', en: 'Currency' },
  exchangeRate: { ar: 'سعر الصرف', en: 'Exchange rate' },
  original: { ar: 'مرجع الفاتورة الأصلية', en: 'Original invoice' },
  reason: { ar: 'سبب الإشعار', en: 'Reason' },
  lines: { ar: 'بنود الفاتورة', en: 'Invoice lines' },
  description: { ar: 'الوصف', en: 'Description' },
  quantity: { ar: 'الكمية', en: 'Qty' },
  unitPrice: { ar: 'سعر الوحدة', en: 'Unit price' },
  vatRate: { ar: 'نسبة الضريبة', en: 'VAT rate' },
  vatAmount: { ar: 'مبلغ الضريبة', en: 'VAT amount' },
  lineTotal: { ar: 'المجموع شامل الضريبة', en: 'Amount incl. VAT' },
  subtotal: { ar: 'الإجمالي غير شامل ضريبة القيمة المضافة', en: 'Total excl. VAT' },
  vatTotal: { ar: 'ضريبة القيمة المضافة 15٪', en: 'VAT 15%' },
  total: { ar: 'الإجمالي شامل ضريبة القيمة المضافة', en: 'Total incl. VAT' },
  totalInWords: { ar: 'المبلغ كتابةً', en: 'Total in words' },
  exempt: { ar: 'معفاة', en: 'Exempt' },
  exemptNote: {
    ar: 'إيجار عقار سكني معفى من ضريبة القيمة المضافة (المادة 30 من اللائحة التنفيذية)',
    en: 'Residential lease, exempt from VAT (Article 30 of the VAT Implementing Regulations)',
  },
  sarEquivalent: { ar: 'المعادل بالريال السعودي', en: 'SAR equivalent' },
  paid: { ar: 'المدفوع', en: 'Paid' },
  balance: { ar: 'المبلغ المستحق', en: 'Balance due' },
  notes: { ar: 'ملاحظات', en: 'Notes' },
  draft: { ar: 'مسودة — ليست فاتورة ضريبية', en: 'Draft — not a tax invoice' },
  qr: { ar: 'رمز الاستجابة السريعة', en: 'QR code' },
} satisfies Record<string, BilingualLabel>;

/** The title ZATCA expects at the top: the document's type and kind. */
export function documentTitle(type: DocumentType, kind: InvoiceKind): BilingualLabel {
  if (type === 'credit_note') return { ar: 'إشعار دائن', en: 'Credit Note' };
  if (type === 'debit_note') return { ar: 'إشعار مدين', en: 'Debit Note' };
  return kind === 'standard'
    ? { ar: 'فاتورة ضريبية', en: 'Tax Invoice' }
    : { ar: 'فاتورة ضريبية مبسطة', en: 'Simplified Tax Invoice' };
}

/** A Saudi national address on one line: building, street, district, city, postal code, additional number. */
export function formatAddress(
  address: {
    street?: string | null;
    building_number?: string | null;
    additional_number?: string | null;
    district?: string | null;
    city?: string | null;
    postal_code?: string | null;
    country?: string | null;
  } | null,
): string {
  if (!address) return '';
  const first = [address.building_number, address.street].filter(Boolean).join(' ');
  const cityLine = [address.city, address.postal_code].filter(Boolean).join(' ');
  const extra = address.additional_number ? `(${address.additional_number})` : '';
  return [first, address.district, [cityLine, extra].filter(Boolean).join(' '), address.country]
    .filter(Boolean)
    .join(', ');
}
