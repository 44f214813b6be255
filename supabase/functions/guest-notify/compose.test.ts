import { assert, assertEquals, assertMatch } from '../_shared/zatca/testing.ts';
import { composeNotice, renderEmailHtml, type NoticeContext, type NoticeKind } from './compose.ts';

function context(kind: NoticeKind, language: 'en' | 'ar', overrides: Partial<NoticeContext> = {}): NoticeContext {
  return {
    kind,
    booking: {
      id: 'b1',
      reference: 'BK-7Q2M4X',
      check_in: '2026-12-10',
      check_out: '2026-12-13',
      nights: 3,
      guests_count: 2,
      request_expires_at: '2026-11-27T19:21:00Z',
      cancellation_reason: null,
    },
    client: { name: language === 'ar' ? 'ريم العتيبي' : 'Omar Haddad', phone: '+966551234567', email: null, language },
    unit: {
      id: 'u1',
      name: 'Diplomatic Quarter Studio',
      name_ar: 'استوديو الحي الدبلوماسي',
      check_in_time: '15:00',
      check_out_time: '11:00',
    },
    organization: { name: 'Demo Org', timezone: 'Asia/Riyadh' },
    site: {
      name: 'Demo Stays',
      name_ar: 'إقامات تجريبية',
      slug: 'demo',
      enabled: true,
      phone: '+966112345678',
      email: 'stay@demo.example',
    },
    review_token: null,
    door_code: { code: '482915', starts_at: '2026-12-10T12:00:00Z', ends_at: '2026-12-13T08:00:00Z' },
    ...overrides,
  };
}

const SITE = 'https://app.example/';

Deno.test('a received request: reference, stay without the year, the hold in the organisation’s time zone', () => {
  const en = composeNotice(context('request_received', 'en'), SITE);
  assertEquals(en.language, 'en');
  assertEquals(
    en.sms,
    'Demo Stays: we received your booking request BK-7Q2M4X for Diplomatic Quarter Studio, Thu, Dec 10 – Sun, Dec 13 (3 nights). The dates are held for you until Fri, Nov 27, 10:21 PM; the host will confirm or decline before then.',
  );
  assertEquals(en.email.subject, 'Booking request BK-7Q2M4X received – Demo Stays');
  assertMatch(en.email.text, /^Hello Omar,\n/);
  assertMatch(en.email.text, /\nCheck-in: Thu, Dec 10, 2026, from 3:00 PM\n/);
  assertMatch(en.email.text, /\nView the place: https:\/\/app\.example\/org\/demo\/units\/u1\n/);
});

Deno.test('Arabic: the Arabic names, Latin digits, the dual, and references kept left-to-right', () => {
  const ar = composeNotice(context('request_received', 'ar'), SITE);
  assertMatch(ar.sms, /^إقامات تجريبية: استلمنا طلب حجزك رقم \u200eBK-7Q2M4X\u200e في استوديو الحي الدبلوماسي/);
  assertMatch(ar.sms, /من الخميس، 10 ديسمبر إلى الأحد، 13 ديسمبر \(3 ليالٍ\)/);
  assertMatch(ar.email.text, /^مرحبًا ريم،\n/);
  assertMatch(ar.email.text, /\nالضيوف: ضيفان\n/);
  const one = composeNotice(
    context('request_received', 'ar', {
      booking: { ...context('request_received', 'ar').booking, nights: 1, guests_count: 1 },
    }),
    SITE,
  );
  assertMatch(one.sms, /\(ليلة واحدة\)/);
  assertMatch(one.email.text, /\nالضيوف: ضيف واحد\n/);
  const eleven = composeNotice(
    context('request_received', 'ar', { booking: { ...context('request_received', 'ar').booking, nights: 11 } }),
    SITE,
  );
  assertMatch(eleven.sms, /\(11 ليلة\)/);
});

Deno.test('confirmed: check-in and check-out times and the host’s phone', () => {
  const en = composeNotice(context('request_confirmed', 'en'), SITE);
  assertMatch(
    en.sms,
    /your booking BK-7Q2M4X at Diplomatic Quarter Studio is confirmed\. Check in Thu, Dec 10 from 3:00 PM, check out Sun, Dec 13 by 11:00 AM\. Questions\? Call \+966112345678\.$/,
  );
  const ar = composeNotice(context('request_confirmed', 'ar'), SITE);
  assertMatch(
    ar.sms,
    /تم تأكيد حجزك .* الوصول الخميس، 10 ديسمبر من الساعة 3:00 م، والمغادرة الأحد، 13 ديسمبر حتى الساعة 11:00 ص\. للتواصل: \u200e\+966112345678\u200e$/,
  );
});

Deno.test('declined: staff’s own reason is quoted as a sentence, the standard one is not', () => {
  const base = context('request_declined', 'en').booking;
  const own = composeNotice(
    context('request_declined', 'en', { booking: { ...base, cancellation_reason: 'Under maintenance' } }),
    SITE,
  );
  assertMatch(
    own.sms,
    /Reason: Under maintenance\. You can choose other dates: https:\/\/app\.example\/org\/demo\/units\/u1$/,
  );
  const standard = composeNotice(
    context('request_declined', 'en', { booking: { ...base, cancellation_reason: 'Request declined' } }),
    SITE,
  );
  assert(!standard.sms.includes('Reason'), standard.sms);
});

Deno.test('a disabled site gives no link to the place; the organisation name stands in for a missing site', () => {
  const disabled = composeNotice(
    context('request_expired', 'en', { site: { ...context('request_expired', 'en').site!, enabled: false } }),
    SITE,
  );
  assert(!disabled.sms.includes('http'), disabled.sms);
  assertMatch(disabled.sms, /lapsed before the host confirmed it, and the dates are free again\.$/);
  const none = composeNotice(context('request_expired', 'en', { site: null }), SITE);
  assertMatch(none.sms, /^Demo Org: /);
});

Deno.test('the review link carries the token and says it works once', () => {
  const ar = composeNotice(context('review_link', 'ar', { review_token: 'f'.repeat(64) }), SITE);
  assertMatch(ar.sms, /الرابط لمرة واحدة وصالح 30 يومًا\): https:\/\/app\.example\/review\/f{64}$/);
  assertMatch(ar.email.text, /\nقيّم إقامتك: https:\/\/app\.example\/review\/f{64}\n/);
});

Deno.test('the e-mail’s HTML: the language’s direction, escaped text, details as a table, the link as a button', () => {
  const ar = composeNotice(
    context('request_declined', 'ar', {
      booking: { ...context('request_declined', 'ar').booking, cancellation_reason: '<b>صيانة</b>' },
    }),
    SITE,
  );
  const html = renderEmailHtml(ar.email.subject, ar.email.text, 'ar');
  assertMatch(html, /<html lang="ar" dir="rtl">/);
  assert(html.includes('&lt;b&gt;صيانة&lt;/b&gt;'), 'escaped');
  assert(!html.includes('<b>صيانة'), 'not raw');
  assertMatch(html, /<th scope="row"[^>]*>رقم الحجز<\/th><td[^>]*>\u200eBK-7Q2M4X\u200e<\/td>/);
  assertMatch(html, /<a href="https:\/\/app\.example\/org\/demo\/units\/u1"[^>]*>اختر تواريخ أخرى<\/a>/);
});

Deno.test('the door code: code, unit and the period in the organisation’s time zone, in English', () => {
  const en = composeNotice(context('door_code', 'en'), SITE);
  assertEquals(
    en.sms,
    'Demo Stays: your door code for Diplomatic Quarter Studio is 482915. It opens the door from Thu, Dec 10, 3:00 PM until Sun, Dec 13, 11:00 AM. Please keep it to yourself. Questions? Call +966112345678.',
  );
  assertEquals(en.email.subject, 'Your door code for Diplomatic Quarter Studio – Demo Stays');
  assertMatch(en.email.text, /\nDoor code: 482915\nWorks from: Thu, Dec 10, 3:00 PM\nUntil: Sun, Dec 13, 11:00 AM/);
  assertMatch(
    renderEmailHtml(en.email.subject, en.email.text, 'en'),
    /<th scope="row"[^>]*>Door code<\/th><td[^>]*>482915</,
  );
});

Deno.test('the door code in Arabic: Arabic names, Latin digits, the code kept left-to-right', () => {
  const ar = composeNotice(context('door_code', 'ar'), SITE);
  assertMatch(
    ar.sms,
    /^إقامات تجريبية: رمز الدخول إلى استوديو الحي الدبلوماسي هو \u200e482915\u200e، ويفتح الباب من الخميس، 10 ديسمبر،? 3:00 م حتى الأحد، 13 ديسمبر،? 11:00 ص\./,
  );
  assertEquals(ar.email.subject, 'رمز الدخول إلى استوديو الحي الدبلوماسي – إقامات تجريبية');
  assertMatch(ar.email.text, /\nرمز الدخول: \u200e482915\u200e\n/);
});

Deno.test('other notices never print the code, though their context carries it', () => {
  for (const kind of [
    'request_received',
    'request_confirmed',
    'request_declined',
    'request_expired',
    'review_link',
  ] as const) {
    for (const lang of ['en', 'ar'] as const) {
      const composed = composeNotice(context(kind, lang, { review_token: 'tok' }), SITE);
      assert(!composed.sms.includes('482915'), `${kind} ${lang} SMS`);
      assert(!composed.email.text.includes('482915'), `${kind} ${lang} e-mail`);
    }
  }
});

Deno.test('a door_code notice without a code is refused, not sent empty', () => {
  let refused = false;
  try {
    composeNotice(context('door_code', 'en', { door_code: null }), SITE);
  } catch {
    refused = true;
  }
  assert(refused);
});

Deno.test('issue 16 kinds: a direct booking confirmed reads as a confirmation', () => {
  const en = composeNotice(context('booking_confirmed', 'en'), SITE);
  assertMatch(en.sms, /^Demo Stays: your booking BK-7Q2M4X at Diplomatic Quarter Studio is confirmed\./);
  const ar = composeNotice(context('booking_confirmed', 'ar'), SITE);
  assertMatch(ar.sms, /تم تأكيد حجزك/);
});

Deno.test('issue 16 kinds: pre-arrival carries the door code when the stay has one, and not otherwise', () => {
  const en = composeNotice(context('pre_arrival', 'en'), SITE);
  assertMatch(en.sms, /Your door code is 482915/);
  assertMatch(en.email.text, /\nDoor code: 482915\n/);
  const without = composeNotice(context('pre_arrival', 'en', { door_code: null }), SITE);
  assert(!/door code/i.test(without.sms));
  const ar = composeNotice(context('pre_arrival', 'ar'), SITE);
  assertMatch(ar.sms, /^إقامات تجريبية: نستعد لاستقبالك في استوديو الحي الدبلوماسي/);
  assertMatch(ar.sms, /رمز الدخول \u200e482915\u200e/);
});

Deno.test('issue 16 kinds: check-in day and check-out day give the day’s time in both languages', () => {
  assertMatch(composeNotice(context('check_in_day', 'en'), SITE).sms, /Today is your check-in at .* from 3:00 PM/);
  assertMatch(composeNotice(context('check_out_day', 'en'), SITE).sms, /please leave by 11:00 AM/);
  assertMatch(composeNotice(context('check_out_day', 'ar'), SITE).sms, /اليوم موعد مغادرتك من استوديو الحي الدبلوماسي/);
  assert(!composeNotice(context('check_out_day', 'en'), SITE).sms.includes('482915'));
});

Deno.test('issue 16 kinds: invoices give number, amount in SAR and due date, without a stay', () => {
  const invoice = { id: 'i1', number: 'INV-2026-0042', total: 1234.5, due_date: '2026-12-20', link: null };
  const issued = composeNotice(context('invoice_issued', 'en', { invoice }), SITE);
  assertEquals(
    issued.sms,
    'Demo Stays: your invoice INV-2026-0042 for 1,234.50 SAR has been issued, due Sun, Dec 20, 2026.',
  );
  const overdue = composeNotice(context('invoice_overdue', 'ar', { invoice }), SITE);
  assertMatch(overdue.sms, /فاتورتك رقم \u200eINV-2026-0042\u200e بمبلغ 1,234.50 ر.س/);
  assertMatch(overdue.email.subject, /تذكير بفاتورة غير مسددة/);
  // The guest's invoice link: a path from the database is completed with SITE_URL, an address kept.
  const token = 'a'.repeat(64);
  const linked = composeNotice(
    context('invoice_issued', 'ar', { invoice: { ...invoice, link: `/invoice/${token}` } }),
    SITE,
  );
  assertMatch(linked.sms, new RegExp(`https://app\\.example/invoice/${token}$`));
  assertMatch(linked.email.text, new RegExp(`https://app\\.example/invoice/${token}`));
  const absolute = composeNotice(
    context('invoice_overdue', 'en', { invoice: { ...invoice, link: `https://nuzl.example/invoice/${token}` } }),
    SITE,
  );
  assertMatch(absolute.sms, new RegExp(` https://nuzl\\.example/invoice/${token}$`));
  let refused = false;
  try {
    composeNotice(context('invoice_issued', 'en', { invoice: null }), SITE);
  } catch {
    refused = true;
  }
  assert(refused);
});
