// The e-mail of a staff notification (issue 14), in the recipient's language: a subject, a few
// lines about the event and a link into the app. The app renders the same events from the same
// params for its header list (src/features/notifications/lib/notification-text.ts); an event this
// file does not know (added by a later migration) still gets a generic e-mail with its link.
// Dates and numbers as in the app (Gregorian calendar, Latin digits in Arabic). Pure: no I/O.

export type Language = 'en' | 'ar';

export interface DeliveryContext {
  event: string;
  params: Record<string, unknown>;
  link: string | null;
  recipient: { name: string | null; language: string } | null;
  organization: { name: string; name_ar: string | null; timezone: string } | null;
}

export interface ComposedEmail {
  language: Language;
  subject: string;
  text: string;
}

const LOCALES: Record<Language, string> = { en: 'en-SA', ar: 'ar-SA-u-nu-latn-ca-gregory' };
const LRM = '\u200e';

export function languageOf(value: string | null | undefined): Language {
  // Spanish is stored but not translated yet: English, like the app.
  return value === 'ar' ? 'ar' : 'en';
}

const str = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

function formatDay(day: unknown, lang: Language): string {
  const text = str(day);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return text;
  return new Intl.DateTimeFormat(LOCALES[lang], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${text.slice(0, 10)}T00:00:00Z`));
}

function formatMoney(amount: unknown, currency: unknown, lang: Language): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return '';
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'currency',
    currency: str(currency) || 'SAR',
  }).format(value);
}

/** A unit's or task's name in the reader's language when the data has both. */
function named(params: Record<string, unknown>, key: string, lang: Language): string {
  return (lang === 'ar' && str(params[`${key}_ar`])) || str(params[key]);
}

const ref = (value: unknown) => `${LRM}${str(value)}${LRM}`;

function lines(event: string, p: Record<string, unknown>, lang: Language): { subject: string; body: string[] } {
  const ar = lang === 'ar';
  const unit = named(p, 'unit', lang);
  const stay = () => [
    `${ar ? 'الوحدة' : 'Unit'}: ${unit}`,
    `${ar ? 'الضيف' : 'Guest'}: ${str(p.guest)}`,
    `${ar ? 'الوصول' : 'Check-in'}: ${formatDay(p.check_in, lang)}`,
    `${ar ? 'المغادرة' : 'Check-out'}: ${formatDay(p.check_out, lang)}`,
  ];
  switch (event) {
    case 'booking_created':
      return {
        subject: ar ? `حجز جديد ${ref(p.reference)} – ${unit}` : `New booking ${str(p.reference)} – ${unit}`,
        body: [
          ar ? `سُجّل حجز جديد برقم ${ref(p.reference)}.` : `A new booking ${str(p.reference)} was made.`,
          '',
          ...stay(),
        ],
      };
    case 'booking_requested':
      return {
        subject: ar
          ? `طلب حجز جديد ${ref(p.reference)} بانتظار ردّك`
          : `New booking request ${str(p.reference)} awaits your answer`,
        body: [
          ar
            ? `وصل طلب حجز من موقعك برقم ${ref(p.reference)}، ويحتاج إلى قبولك أو رفضك قبل انتهاء مهلته.`
            : `A guest asked to book through your site (${str(p.reference)}). Confirm or decline it before its hold runs out.`,
          '',
          ...stay(),
        ],
      };
    case 'arrivals_today': {
      const count = Number(p.count) || 0;
      const bookings = Array.isArray(p.bookings) ? (p.bookings as Record<string, unknown>[]) : [];
      const list = bookings.map((b) => `• ${named(b, 'unit', lang)} – ${str(b.guest)} (${ref(b.reference)})`);
      return {
        subject: ar
          ? `وصول اليوم: ${count === 1 ? 'ضيف واحد' : count === 2 ? 'ضيفان' : `${count} ضيوف`}`
          : `Arriving today: ${count} ${count === 1 ? 'stay' : 'stays'}`,
        body: [
          ar
            ? `هذه الحجوزات التي تبدأ اليوم، ${formatDay(p.date, lang)}:`
            : `These stays begin today, ${formatDay(p.date, lang)}:`,
          '',
          ...list,
        ],
      };
    }
    case 'invoice_overdue':
      return {
        subject: ar ? `فاتورة متأخرة السداد ${ref(p.number)}` : `Invoice ${str(p.number)} is overdue`,
        body: [
          ar
            ? `تجاوزت الفاتورة ${ref(p.number)} تاريخ استحقاقها ولم تُسدَّد بالكامل.`
            : `Invoice ${str(p.number)} is past its due date and not fully paid.`,
          '',
          `${ar ? 'العميل' : 'Customer'}: ${str(p.buyer)}`,
          `${ar ? 'المتبقي' : 'Balance due'}: ${formatMoney(p.balance_due, p.currency, lang)}`,
          `${ar ? 'تاريخ الاستحقاق' : 'Due date'}: ${formatDay(p.due_date, lang)}`,
        ],
      };
    case 'task_assigned':
      return {
        subject: ar ? `مهمة جديدة لك: ${named(p, 'title', lang)}` : `New task for you: ${named(p, 'title', lang)}`,
        body: [
          ar ? 'أُسندت إليك مهمة.' : 'A task was assigned to you.',
          '',
          `${ar ? 'المهمة' : 'Task'}: ${named(p, 'title', lang)}`,
          ...(unit ? [`${ar ? 'الوحدة' : 'Unit'}: ${unit}`] : []),
          ...(p.due_at ? [`${ar ? 'الموعد' : 'Due'}: ${formatDay(p.due_at, lang)}`] : []),
        ],
      };
    case 'task_completed':
      return {
        subject: ar ? `اكتملت المهمة: ${named(p, 'title', lang)}` : `Task done: ${named(p, 'title', lang)}`,
        body: [
          ar ? `اكتملت المهمة «${named(p, 'title', lang)}».` : `The task “${named(p, 'title', lang)}” was completed.`,
          ...(str(p.completed_by) ? ['', `${ar ? 'أنجزها' : 'Completed by'}: ${str(p.completed_by)}`] : []),
        ],
      };
    case 'review_received':
      return {
        subject: ar ? `تقييم جديد من ${str(p.guest)}` : `New review from ${str(p.guest)}`,
        body: [
          ar ? `ترك ${str(p.guest)} تقييمًا لإقامته.` : `${str(p.guest)} reviewed their stay.`,
          '',
          `${ar ? 'التقييم' : 'Rating'}: ${'★'.repeat(Math.max(0, Math.min(5, Number(p.rating) || 0)))}`,
          ...(unit ? [`${ar ? 'الوحدة' : 'Unit'}: ${unit}`] : []),
        ],
      };
    case 'channel_conflict':
      return {
        subject: ar ? `تعارض في تقويم ${str(p.connection)}` : `Calendar conflict on ${str(p.connection)}`,
        body: [
          ar
            ? 'حجز من المنصة يتداخل مع إقامة موجودة في تقويم الوحدة، ولم يُضف. عالجه على المنصة أو انقل الإقامة الأخرى.'
            : "A stay from the platform overlaps a stay already on the unit's calendar and was not added. Resolve it on the platform or move the other stay.",
          '',
          `${ar ? 'الوحدة' : 'Unit'}: ${unit}`,
          `${ar ? 'الوصول' : 'Check-in'}: ${formatDay(p.check_in, lang)}`,
          `${ar ? 'المغادرة' : 'Check-out'}: ${formatDay(p.check_out, lang)}`,
        ],
      };
    case 'financial_alert': {
      // Issue 17: a financial alert fired. Its value and threshold are SAR, a percentage or days.
      const alert = named(p, 'alert', lang);
      const subject = named(p, 'subject', lang);
      const measure = (value: unknown): string => {
        const amount = Number(value);
        if (value == null || !Number.isFinite(amount)) return '';
        if (p.kind === 'percent')
          return `${new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 }).format(amount)}%`;
        if (p.kind === 'days') return ar ? `${amount} يوم` : `${amount} day${amount === 1 ? '' : 's'}`;
        return formatMoney(amount, 'SAR', lang);
      };
      const severity = str(p.severity);
      const severityText = ar
        ? ({ low: 'منخفضة', medium: 'متوسطة', high: 'عالية', critical: 'حرجة' } as Record<string, string>)[severity]
        : ({ low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' } as Record<string, string>)[severity];
      return {
        subject: ar ? `تنبيه مالي: ${alert}` : `Financial alert: ${alert}`,
        body: [
          ar ? `أُطلق التنبيه «${alert}».` : `The alert “${alert}” fired.`,
          '',
          ...(subject ? [`${ar ? 'بخصوص' : 'About'}: ${subject}`] : []),
          `${ar ? 'القيمة' : 'Value'}: ${measure(p.value)}`,
          `${ar ? 'الحد' : 'Threshold'}: ${measure(p.threshold)}`,
          ...(severityText ? [`${ar ? 'الأهمية' : 'Severity'}: ${severityText}`] : []),
        ],
      };
    }
    default:
      return {
        subject: ar ? 'إشعار جديد' : 'New notification',
        body: [ar ? 'لديك إشعار جديد في نُزل.' : 'You have a new notification in Nuzl.'],
      };
  }
}

/** The e-mail for one delivery; `siteUrl` is the app's public address (links are app paths). */
export function composeEmail(context: DeliveryContext, siteUrl: string): ComposedEmail {
  const lang = languageOf(context.recipient?.language);
  const ar = lang === 'ar';
  const { subject, body } = lines(context.event, context.params ?? {}, lang);
  const org = (ar && context.organization?.name_ar) || context.organization?.name || 'Nuzl';
  const name = context.recipient?.name?.trim();
  const greeting = name ? (ar ? `مرحبًا ${name}،` : `Hello ${name},`) : ar ? 'مرحبًا،' : 'Hello,';
  const link = context.link && siteUrl ? `${siteUrl.replace(/\/+$/, '')}${context.link}` : null;
  const text = [
    greeting,
    '',
    ...body,
    ...(link ? ['', `${ar ? 'افتحه في نُزل' : 'Open in Nuzl'}: ${link}`] : []),
    '',
    ar
      ? `وصلك هذا البريد من ${org} لأن إعدادات الإشعارات تُرسل لك هذا الحدث. يمكنك إيقافه من الإعدادات ← الإشعارات.`
      : `You receive this from ${org} because its notification settings send you this event. You can mute it in Settings → Notifications.`,
  ].join('\n');
  return { language: lang, subject: `${subject} – ${org}`, text };
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The HTML twin of the text: paragraphs, the link as a button, direction per language. */
export function renderHtml(email: ComposedEmail): string {
  const dir = email.language === 'ar' ? 'rtl' : 'ltr';
  const blocks = email.text.split(/\n{2,}/).map((block) => {
    const link = /^(.+?): (https?:\/\/\S+)$/.exec(block);
    if (link) {
      return `<p><a href="${escapeHtml(link[2]!)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(link[1]!)}</a></p>`;
    }
    return `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`;
  });
  return [
    `<!doctype html><html lang="${email.language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(email.subject)}</title></head>`,
    `<body style="font-family:system-ui,'Segoe UI',Tahoma,sans-serif;color:#1c1917;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">`,
    ...blocks,
    `</body></html>`,
  ].join('');
}
