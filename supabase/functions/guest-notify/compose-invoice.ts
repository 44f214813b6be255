// The invoice notices of issue 16 (invoice_issued, invoice_overdue): the invoice's number, amount
// and due date, in the guest's language, with the invoice's link when there is one. A stay is not
// needed (an invoice may have none). Pure, like compose.ts.
import { firstName, formatDay, language, LRM, type ComposedNotice, type NoticeContext } from './compose.ts';

/** "1,234.50 SAR" / "1,234.50 ر.س" (Latin digits in both, as the app writes amounts). */
export function formatSar(amount: number | string, ar: boolean): string {
  const n = Number(amount);
  const text = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number.isFinite(n) ? n : 0,
  );
  return ar ? `${text} ر.س` : `${text} SAR`;
}

export function composeInvoiceNotice(context: NoticeContext, siteUrl = ''): ComposedNotice {
  const invoice = context.invoice;
  if (!invoice) throw new Error('An invoice notice needs its invoice');
  const lang = language(context.client.language);
  const ar = lang === 'ar';
  const site = context.site;
  const host = (ar ? site?.name_ar || site?.name : site?.name) || context.organization.name;
  const number = ar ? `${LRM}${invoice.number}${LRM}` : invoice.number;
  const total = formatSar(invoice.total, ar);
  const due = invoice.due_date ? formatDay(invoice.due_date, lang) : null;
  // The database writes the guest's invoice link (/invoice/<token>) as a path unless its Vault
  // holds site_url: complete it with the function's SITE_URL so the guest gets an address.
  const origin = siteUrl.replace(/\/+$/, '');
  const link = invoice.link
    ? invoice.link.startsWith('/') && origin
      ? `${origin}${invoice.link}`
      : invoice.link
    : null;
  const overdue = context.kind === 'invoice_overdue';
  let sms: string;
  let subject: string;
  let lead: string;
  if (!overdue) {
    sms = ar
      ? `${host}: صدرت فاتورتك رقم ${number} بمبلغ ${total}${due ? `، وتاريخ استحقاقها ${due}` : ''}.${link ? ` ${link}` : ''}`
      : `${host}: your invoice ${number} for ${total} has been issued${due ? `, due ${due}` : ''}.${link ? ` ${link}` : ''}`;
    subject = ar ? `فاتورتك ${number} – ${host}` : `Your invoice ${number} – ${host}`;
    lead = ar
      ? `أصدر ${host} فاتورتك. تجد تفاصيلها أدناه، ويسعدنا الرد على أي استفسار.`
      : `${host} has issued your invoice. The details are below; we are happy to answer any question.`;
  } else {
    sms = ar
      ? `${host}: نذكّرك بأن فاتورتك رقم ${number} بمبلغ ${total} ${due ? `استحقت في ${due} ` : ''}ولم تُسدَّد بعد. نرجو سدادها أو التواصل معنا.${link ? ` ${link}` : ''}`
      : `${host}: a reminder that invoice ${number} for ${total} ${due ? `was due on ${due} and ` : ''}is still unpaid. Please settle it or contact us.${link ? ` ${link}` : ''}`;
    subject = ar ? `تذكير بفاتورة غير مسددة ${number} – ${host}` : `Reminder: invoice ${number} is overdue – ${host}`;
    lead = ar
      ? `لم يصلنا بعد سداد فاتورتك. إن كنت قد سددتها فلا داعي لأي إجراء، ونعتذر عن الإزعاج.`
      : `We have not yet received payment for your invoice. If you have already paid, please disregard this message.`;
  }
  const details: Array<[string, string]> = ar
    ? [
        ['رقم الفاتورة', number],
        ['المبلغ', total],
        ...(due ? ([['تاريخ الاستحقاق', due]] as Array<[string, string]>) : []),
      ]
    : [['Invoice', number], ['Amount', total], ...(due ? ([['Due date', due]] as Array<[string, string]>) : [])];
  const text = [
    ar ? `مرحبًا ${firstName(context.client.name)}،` : `Hello ${firstName(context.client.name)},`,
    '',
    lead,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(link ? ['', `${ar ? 'عرض الفاتورة' : 'View the invoice'}: ${link}`] : []),
  ].join('\n');
  return { language: lang, sms, email: { subject, text } };
}
