// The texts of a guest notice (issue 13), in the guest's language: a short SMS and an e-mail with
// the stay's details. Dates and numbers follow the app's locales (src/lib/format.ts: Gregorian
// calendar, Latin digits in Arabic too, so a reference or a phone number reads the same in both);
// the hold's end is in the organisation's time zone. Pure: no I/O, no clock.
//
// The door_code notice gives the stay's code and the period it opens the door (check-in to
// check-out time in the organisation's time zone).
//
// Issue 16 (messaging) puts per-organisation templates in front of these (the claim's rendered
// `template`); these stay the product's own wording, written for each language rather than
// translated word for word, and the fallback when an organisation has no active template. Its
// automatic messages: booking_confirmed (a direct booking), pre_arrival (with the door code when the
// stay has one), check_in_day, check_out_day here; the invoice kinds in compose-invoice.ts.
import { composeInvoiceNotice } from './compose-invoice.ts';

export type NoticeKind =
  | 'request_received'
  | 'request_confirmed'
  | 'request_declined'
  | 'request_expired'
  | 'review_link'
  | 'door_code'
  | 'booking_confirmed'
  | 'pre_arrival'
  | 'check_in_day'
  | 'check_out_day'
  | 'invoice_issued'
  | 'invoice_overdue';
export type Language = 'en' | 'ar';

/** An invoice notice's invoice (issue 16; the claim's `invoice`). */
export interface NoticeInvoice {
  id: string;
  number: string;
  total: number | string;
  due_date: string | null;
  link: string | null;
}

export interface NoticeContext {
  kind: NoticeKind;
  booking: {
    id: string;
    reference: string;
    check_in: string;
    check_out: string;
    nights: number;
    guests_count: number;
    request_expires_at: string | null;
    cancellation_reason: string | null;
  };
  client: { name: string; phone: string | null; email: string | null; language: string };
  unit: { id: string; name: string; name_ar: string | null; check_in_time: string; check_out_time: string };
  organization: { name: string; timezone: string };
  site: {
    name: string;
    name_ar: string | null;
    slug: string;
    enabled: boolean;
    phone: string | null;
    email: string | null;
  } | null;
  review_token: string | null;
  /**
   * The stay's door code while it is active on the lock (issue 15), for every kind so messages —
   * and issue 16's templates — may use it; only the door_code notice prints it today.
   */
  door_code: { code: string; starts_at: string; ends_at: string } | null;
  /** invoice_issued / invoice_overdue: the invoice (issue 16). */
  invoice?: NoticeInvoice | null;
}

export interface ComposedNotice {
  language: Language;
  sms: string;
  email: { subject: string; text: string };
}

/** The reasons the database writes itself (shown translated, never quoted to the guest). */
const STANDARD_REASONS = new Set(['Request declined', 'Request expired']);

export const LOCALES: Record<Language, string> = { en: 'en-SA', ar: 'ar-SA-u-nu-latn-ca-gregory' };
/** Left-to-right mark: keeps "+966…" and references whole inside Arabic text. */
export const LRM = '\u200e';

export function language(value: string): Language {
  return value === 'en' ? 'en' : 'ar';
}

/** A stay's day: with the year in e-mails, without it in an SMS (every part costs). */
export function formatDay(day: string, lang: Language, withYear = true): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** Staff's free text as a sentence: a full stop added when it has no closing mark. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?؟…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function formatClock(hhmm: string, lang: Language): string {
  const [h, m] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(LOCALES[lang], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)),
  );
}

function formatMoment(iso: string, timeZone: string, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** "3 nights" / "3 ليالٍ", with Arabic's dual and plural forms. */
function count(
  n: number,
  lang: Language,
  en: [string, string],
  ar: Record<'one' | 'two' | 'few' | 'many', string>,
): string {
  if (lang === 'en') return `${n} ${n === 1 ? en[0] : en[1]}`;
  const rule = new Intl.PluralRules('ar').select(n);
  if (rule === 'one') return ar.one;
  if (rule === 'two') return ar.two;
  return `${n} ${rule === 'few' ? ar.few : ar.many}`;
}

const nightsText = (n: number, lang: Language) =>
  count(n, lang, ['night', 'nights'], { one: 'ليلة واحدة', two: 'ليلتان', few: 'ليالٍ', many: 'ليلة' });
const guestsText = (n: number, lang: Language) =>
  count(n, lang, ['guest', 'guests'], { one: 'ضيف واحد', two: 'ضيفان', few: 'ضيوف', many: 'ضيفًا' });

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name.trim();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function composeNotice(context: NoticeContext, siteUrl: string): ComposedNotice {
  if (context.kind === 'invoice_issued' || context.kind === 'invoice_overdue')
    return composeInvoiceNotice(context, siteUrl);
  const lang = language(context.client.language);
  const ar = lang === 'ar';
  const { booking, unit, site } = context;
  const origin = siteUrl.replace(/\/+$/, '');
  const host = (ar ? site?.name_ar || site?.name : site?.name) || context.organization.name;
  const unitName = (ar ? unit.name_ar || unit.name : unit.name) || unit.name;
  const ref = ar ? `${LRM}${booking.reference}${LRM}` : booking.reference;
  const phone = site?.phone ? (ar ? `${LRM}${site.phone}${LRM}` : site.phone) : null;
  const checkIn = formatDay(booking.check_in, lang);
  const checkOut = formatDay(booking.check_out, lang);
  const smsIn = formatDay(booking.check_in, lang, false);
  const smsOut = formatDay(booking.check_out, lang, false);
  const nights = nightsText(booking.nights, lang);
  const stay = ar ? `من ${smsIn} إلى ${smsOut} (${nights})` : `${smsIn} – ${smsOut} (${nights})`;
  const unitUrl = site?.enabled
    ? `${origin}/org/${encodeURIComponent(site.slug)}/units/${encodeURIComponent(unit.id)}`
    : null;
  const reviewUrl = context.review_token ? `${origin}/review/${encodeURIComponent(context.review_token)}` : null;
  const holdUntil = booking.request_expires_at
    ? formatMoment(booking.request_expires_at, context.organization.timezone, lang)
    : null;
  const reason =
    booking.cancellation_reason && !STANDARD_REASONS.has(booking.cancellation_reason)
      ? sentence(booking.cancellation_reason)
      : null;
  const contact = phone ? (ar ? `للتواصل: ${phone}` : `Questions? Call ${phone}.`) : null;
  // The door-code notice, and the automatic pre-arrival and check-in-day messages when the stay has one.
  const door = ['door_code', 'pre_arrival', 'check_in_day'].includes(context.kind) ? context.door_code : null;
  if (context.kind === 'door_code' && !door) throw new Error('A door_code notice needs the stay’s door code');
  const doorCode = door ? (ar ? `${LRM}${door.code}${LRM}` : door.code) : '';
  const doorFrom = door ? formatMoment(door.starts_at, context.organization.timezone, lang) : '';
  const doorUntil = door ? formatMoment(door.ends_at, context.organization.timezone, lang) : '';

  // Each notice: the SMS sentence(s), the e-mail subject and its opening paragraph, and a closing
  // link (label, URL) when the guest has somewhere to go.
  let sms: string[];
  let subject: string;
  let lead: string;
  let link: { label: string; url: string } | null = null;
  switch (context.kind) {
    case 'request_received':
      sms = ar
        ? [
            `${host}: استلمنا طلب حجزك رقم ${ref} في ${unitName} ${stay}.`,
            holdUntil
              ? `التواريخ محجوزة لك مؤقتًا حتى ${holdUntil}، وسيرد عليك المضيف بالتأكيد أو الاعتذار قبل ذلك.`
              : '',
          ]
        : [
            `${host}: we received your booking request ${ref} for ${unitName}, ${stay}.`,
            holdUntil
              ? `The dates are held for you until ${holdUntil}; the host will confirm or decline before then.`
              : '',
          ];
      subject = ar ? `استلمنا طلب حجزك ${ref} – ${host}` : `Booking request ${ref} received – ${host}`;
      lead = ar
        ? `استلم ${host} طلب حجزك. ${holdUntil ? `التواريخ محجوزة لك مؤقتًا حتى ${holdUntil}، وسيؤكد المضيف طلبك أو يعتذر عنه قبل ذلك، وستصلك رسالة في الحالتين.` : ''}`
        : `${host} received your booking request. ${holdUntil ? `The dates are held for you until ${holdUntil}. The host confirms or declines your request before then, and you will hear from us either way.` : ''}`;
      if (unitUrl) link = { label: ar ? 'عرض المكان' : 'View the place', url: unitUrl };
      break;
    case 'request_confirmed':
    case 'booking_confirmed':
      sms = ar
        ? [
            `${host}: تم تأكيد حجزك رقم ${ref} في ${unitName}.`,
            `الوصول ${smsIn} من الساعة ${formatClock(unit.check_in_time, lang)}، والمغادرة ${smsOut} حتى الساعة ${formatClock(unit.check_out_time, lang)}.`,
            contact ?? '',
          ]
        : [
            `${host}: your booking ${ref} at ${unitName} is confirmed.`,
            `Check in ${smsIn} from ${formatClock(unit.check_in_time, lang)}, check out ${smsOut} by ${formatClock(unit.check_out_time, lang)}.`,
            contact ?? '',
          ];
      subject = ar ? `تم تأكيد حجزك ${ref} – ${host}` : `Your booking ${ref} is confirmed – ${host}`;
      lead = ar
        ? `يسعدنا إبلاغك بأن ${host} أكّد حجزك. نتمنى لك إقامة طيبة.`
        : `Good news: ${host} confirmed your booking. We wish you a pleasant stay.`;
      if (unitUrl) link = { label: ar ? 'عرض المكان' : 'View the place', url: unitUrl };
      break;
    case 'request_declined':
      sms = ar
        ? [
            `${host}: نعتذر، لم يتمكن المضيف من قبول طلب حجزك رقم ${ref} في ${unitName} ${stay}.`,
            reason ? `السبب: ${reason}` : '',
            unitUrl ? `يمكنك اختيار تواريخ أخرى: ${unitUrl}` : '',
          ]
        : [
            `${host}: sorry, the host could not accept your booking request ${ref} for ${unitName}, ${stay}.`,
            reason ? `Reason: ${reason}` : '',
            unitUrl ? `You can choose other dates: ${unitUrl}` : '',
          ];
      subject = ar ? `تعذّر قبول طلب حجزك ${ref} – ${host}` : `Your booking request ${ref} was declined – ${host}`;
      lead = ar
        ? `نعتذر، لم يتمكن ${host} من قبول طلب حجزك، وأُلغي الحجز المؤقت للتواريخ. ${reason ? `السبب: ${reason}` : ''}`
        : `We're sorry: ${host} could not accept your booking request, and the hold on the dates has been released. ${reason ? `Reason: ${reason}` : ''}`;
      if (unitUrl) link = { label: ar ? 'اختر تواريخ أخرى' : 'Choose other dates', url: unitUrl };
      break;
    case 'request_expired':
      sms = ar
        ? [
            `${host}: انتهت مهلة طلب حجزك رقم ${ref} في ${unitName} ${stay} قبل أن يؤكده المضيف، وأصبحت التواريخ متاحة من جديد.`,
            unitUrl ? `يمكنك إرسال طلب جديد: ${unitUrl}` : '',
          ]
        : [
            `${host}: your booking request ${ref} for ${unitName}, ${stay}, lapsed before the host confirmed it, and the dates are free again.`,
            unitUrl ? `You can send a new request: ${unitUrl}` : '',
          ];
      subject = ar ? `انتهت مهلة طلب حجزك ${ref} – ${host}` : `Your booking request ${ref} lapsed – ${host}`;
      lead = ar
        ? `لم يرد ${host} على طلب حجزك خلال المهلة، فانتهى الطلب وأصبحت التواريخ متاحة من جديد. لم يُخصم منك أي مبلغ.`
        : `${host} did not answer your booking request in time, so it lapsed and the dates are free again. Nothing was charged.`;
      if (unitUrl) link = { label: ar ? 'أرسل طلبًا جديدًا' : 'Send a new request', url: unitUrl };
      break;
    case 'review_link':
      sms = ar
        ? [
            `${host}: شكرًا لإقامتك في ${unitName}. يسعدنا أن تقيّم إقامتك وتشاركنا رأيك (الرابط لمرة واحدة وصالح 30 يومًا):`,
            reviewUrl ?? '',
          ]
        : [
            `${host}: thank you for staying at ${unitName}. How was it? Rate your stay (a single-use link, valid for 30 days):`,
            reviewUrl ?? '',
          ];
      subject = ar ? `كيف كانت إقامتك في ${unitName}؟ – ${host}` : `How was your stay at ${unitName}? – ${host}`;
      lead = ar
        ? `شكرًا لإقامتك معنا. رأيك يساعد الضيوف القادمين ويساعدنا على التحسّن؛ يستغرق التقييم دقيقة واحدة. الرابط خاص بإقامتك، يُستخدم مرة واحدة وصالح 30 يومًا.`
        : `Thank you for staying with us. Your review helps future guests and helps us improve; it takes a minute. The link is yours alone, works once and is valid for 30 days.`;
      if (reviewUrl) link = { label: ar ? 'قيّم إقامتك' : 'Rate your stay', url: reviewUrl };
      break;
    case 'door_code':
      sms = ar
        ? [
            `${host}: رمز الدخول إلى ${unitName} هو ${doorCode}، ويفتح الباب من ${doorFrom} حتى ${doorUntil}.`,
            'الرمز خاص بإقامتك، فلا تشاركه مع أحد.',
            contact ?? '',
          ]
        : [
            `${host}: your door code for ${unitName} is ${doorCode}. It opens the door from ${doorFrom} until ${doorUntil}.`,
            'Please keep it to yourself.',
            contact ?? '',
          ];
      subject = ar ? `رمز الدخول إلى ${unitName} – ${host}` : `Your door code for ${unitName} – ${host}`;
      lead = ar
        ? `اقترب موعد إقامتك. رمز باب ${unitName} هو ${doorCode}، يعمل من وقت الوصول حتى وقت المغادرة. الرمز خاص بإقامتك، فاحتفظ به لنفسك.`
        : `Your stay is close. The door code for ${unitName} is ${doorCode}; it works from check-in time until check-out time. It is yours alone, so please keep it to yourself.`;
      break;
    case 'pre_arrival':
      sms = ar
        ? [
            `${host}: نستعد لاستقبالك في ${unitName} يوم ${smsIn}، والوصول من الساعة ${formatClock(unit.check_in_time, lang)}.`,
            door
              ? `رمز الدخول ${doorCode}، ويعمل من ${doorFrom} حتى ${doorUntil}؛ الرمز خاص بإقامتك فلا تشاركه مع أحد.`
              : '',
            contact ?? '',
          ]
        : [
            `${host}: we look forward to welcoming you at ${unitName} on ${smsIn}, check-in from ${formatClock(unit.check_in_time, lang)}.`,
            door
              ? `Your door code is ${doorCode}, from ${doorFrom} until ${doorUntil}; please keep it to yourself.`
              : '',
            contact ?? '',
          ];
      subject = ar
        ? `استعدادًا لوصولك إلى ${unitName} – ${host}`
        : `Getting ready for your stay at ${unitName} – ${host}`;
      lead = ar
        ? `اقترب موعد إقامتك، وكل شيء جاهز لاستقبالك. ${door ? `رمز الباب ${doorCode}، يعمل من وقت الوصول حتى وقت المغادرة.` : ''}`
        : `Your stay is coming up and everything is ready for you. ${door ? `The door code is ${doorCode}; it works from check-in time until check-out time.` : ''}`;
      if (unitUrl) link = { label: ar ? 'عرض المكان' : 'View the place', url: unitUrl };
      break;
    case 'check_in_day':
      sms = ar
        ? [
            `${host}: أهلًا بك! اليوم موعد وصولك إلى ${unitName}، ويبدأ الدخول من الساعة ${formatClock(unit.check_in_time, lang)}.`,
            door ? `رمز الدخول ${doorCode}.` : '',
            contact ?? '',
          ]
        : [
            `${host}: welcome! Today is your check-in at ${unitName}, from ${formatClock(unit.check_in_time, lang)}.`,
            door ? `Your door code is ${doorCode}.` : '',
            contact ?? '',
          ];
      subject = ar ? `اليوم موعد وصولك إلى ${unitName} – ${host}` : `Today is your check-in at ${unitName} – ${host}`;
      lead = ar
        ? `نتمنى لك رحلة موفقة. المكان جاهز لاستقبالك من الساعة ${formatClock(unit.check_in_time, lang)}.`
        : `Have a good trip. The place is ready for you from ${formatClock(unit.check_in_time, lang)}.`;
      break;
    case 'check_out_day':
      sms = ar
        ? [
            `${host}: اليوم موعد مغادرتك من ${unitName}، نرجو تسجيل الخروج قبل الساعة ${formatClock(unit.check_out_time, lang)}.`,
            'شكرًا لإقامتك معنا، ونتمنى لك طريق السلامة.',
          ]
        : [
            `${host}: today is check-out day at ${unitName}; please leave by ${formatClock(unit.check_out_time, lang)}.`,
            'Thank you for staying with us, and safe travels.',
          ];
      subject = ar ? `اليوم موعد مغادرتك – ${host}` : `Check-out today – ${host}`;
      lead = ar
        ? `نأمل أن إقامتك كانت مريحة. نرجو تسجيل الخروج قبل الساعة ${formatClock(unit.check_out_time, lang)}.`
        : `We hope you enjoyed your stay. Please check out by ${formatClock(unit.check_out_time, lang)}.`;
      break;
  }

  const greeting = ar ? `مرحبًا ${firstName(context.client.name)}،` : `Hello ${firstName(context.client.name)},`;
  const details: Array<[string, string]> = ar
    ? [
        ['رقم الحجز', ref],
        ['المكان', unitName],
        ['الوصول', `${checkIn}، من الساعة ${formatClock(unit.check_in_time, lang)}`],
        ['المغادرة', `${checkOut}، حتى الساعة ${formatClock(unit.check_out_time, lang)}`],
        ['المدة', nights],
        ['الضيوف', guestsText(booking.guests_count, lang)],
        ...(door
          ? ([
              ['رمز الدخول', doorCode],
              ['يعمل من', doorFrom],
              ['حتى', doorUntil],
            ] as Array<[string, string]>)
          : []),
      ]
    : [
        ['Booking reference', ref],
        ['Place', unitName],
        ['Check-in', `${checkIn}, from ${formatClock(unit.check_in_time, lang)}`],
        ['Check-out', `${checkOut}, by ${formatClock(unit.check_out_time, lang)}`],
        ['Length', nights],
        ['Guests', guestsText(booking.guests_count, lang)],
        ...(door
          ? ([
              ['Door code', doorCode],
              ['Works from', doorFrom],
              ['Until', doorUntil],
            ] as Array<[string, string]>)
          : []),
      ];
  const reach = [
    site?.phone ? (ar ? `الجوال: ${phone}` : `Phone: ${site.phone}`) : null,
    site?.email ? (ar ? `البريد: ${site.email}` : `E-mail: ${site.email}`) : null,
  ].filter((line): line is string => line !== null);
  const contactTitle = ar ? `للتواصل مع ${host}` : `To reach ${host}`;
  const text = [
    greeting,
    '',
    lead.trim(),
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    ...(reach.length ? ['', contactTitle, ...reach] : []),
  ].join('\n');
  return { language: lang, sms: sms.filter(Boolean).join(' '), email: { subject, text } };
}

/**
 * The HTML part of a notice e-mail, drawn from its stored text (so a retry sends the same e-mail
 * as the first attempt): paragraphs at blank lines, "Label: value" lines as a table, a line that
 * ends in a link as a button, the direction of the guest's language.
 */
export function renderEmailHtml(subject: string, text: string, lang: Language): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const blocks = text.split(/\n{2,}/).map((block) => block.split('\n'));
  const body = blocks.map((lines) => {
    const link = lines.length === 1 ? /^(.+?): (https?:\/\/\S+)$/.exec(lines[0]!) : null;
    if (link) {
      return `<p><a href="${escapeHtml(link[2]!)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(link[1]!)}</a></p>`;
    }
    const rows = lines.map((line) => /^([^:]{1,40}): (.+)$/.exec(line));
    if (lines.length > 1 && rows.every((row) => row !== null)) {
      return `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${rows
        .map(
          (row) =>
            `<tr><th scope="row" style="text-align:start;padding:4px 12px 4px 0;color:#57534e;font-weight:600">${escapeHtml(row![1]!)}</th><td style="padding:4px 0">${escapeHtml(row![2]!)}</td></tr>`,
        )
        .join('')}</table>`;
    }
    return `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
  });
  return [
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,'Segoe UI',Tahoma,sans-serif;color:#1c1917;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">`,
    ...body,
    `</body></html>`,
  ].join('');
}
