/**
 * A guest books on the organisation's public page (issue 13), on a phone, in English and Arabic:
 * /org/demo → a unit's own page → dates picked in the calendar → the live quote from the
 * database → the request form → the booking reference and the 24-hour hold → the guest's "request
 * received" SMS, in the page's language, in the local outbox. Then dates another stay holds are
 * refused with SPEC's message. Then the demo owner, on a phone too, opens the request in the
 * staff bookings screen (pending, with its hold and the message already sent to the guest),
 * confirms it, sees the confirmation sent under "Messages to the guest", and the guest's
 * "confirmed" SMS naming the booking reference is in the outbox, in the guest's language.
 *
 * Each language books its own fresh unit of the demo organisation (created and removed here by
 * the demo owner), so runs in parallel and reruns never meet each other's dates. The browser's
 * request_booking call leaves from a loopback address of its own (fetchFrom), since the database
 * limits waiting requests per client address and organisation; the requests are deleted with
 * the unit afterwards.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Route } from '@playwright/test';
import { fetchFrom } from '../supabase/tests/helpers/fetch-from';
import {
  api,
  createBooking,
  createGuest,
  createUnit,
  dayFromToday,
  randomPhone,
  removeUnit,
  unique,
} from './bookings-helpers';
import { useSession } from './support/auth';
import { E2E_BASE_URL } from './support/constants';
import { stackEnv } from './support/stack-env';
import { expect, preferLanguage, test } from './support/fixtures';

const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE });

const TEXT = {
  en: {
    nextMonth: 'Next month',
    quoteTitle: 'Your price',
    total: 'SAR 1,620.00', // 3 × 500 + 120
    name: 'Full name',
    phone: 'Mobile number',
    identity: 'National ID, Iqama or passport number',
    consent: 'I agree that the host may contact me by phone, SMS or e-mail about this request.',
    submit: 'Send request',
    sent: 'Your request has been sent',
    hold: /^These dates are held for you for 24 hours, until .+\.$/,
    another: 'Choose other dates',
    taken: 'This unit is already booked for the selected dates',
    consentRequired: 'Please agree to be contacted, so the host can answer your request.',
    guest: 'E2E Public Guest',
    // What the guest is told (supabase/functions/guest-notify/compose.ts) and what staff see.
    smsReceived: 'we received your booking request',
    smsConfirmed: 'is confirmed',
    pending: 'Pending',
    confirmed: 'Confirmed',
    confirm: 'Confirm',
    requestNotice:
      /^A booking request from your booking page\. It holds these dates until .+, then lapses unless you confirm it\.$/,
    answerHint: 'When you confirm or decline this request, the guest is told by SMS.',
    messages: 'Messages to the guest',
    received: 'Request received',
    bookingConfirmed: 'Booking confirmed',
    sms: 'SMS',
    messageSent: /^Sent .+/,
  },
  ar: {
    nextMonth: 'الشهر التالي',
    quoteTitle: 'السعر',
    total: '1,620.00',
    name: 'الاسم الكامل',
    phone: 'رقم الجوال',
    identity: 'رقم الهوية الوطنية أو الإقامة أو جواز السفر',
    consent: 'أوافق على أن يتواصل معي المضيف بالهاتف أو الرسائل النصية أو البريد الإلكتروني بخصوص هذا الطلب.',
    submit: 'أرسل الطلب',
    sent: 'تم إرسال طلبك',
    hold: /^هذه التواريخ محجوزة لك مؤقتًا لمدة 24 ساعة، حتى .+\.$/,
    another: 'اختر تواريخ أخرى',
    taken: 'هذه الوحدة محجوزة في التواريخ المختارة',
    consentRequired: 'يُرجى الموافقة على التواصل معك، ليتمكن المضيف من الرد على طلبك.',
    guest: 'ضيف الصفحة العامة',
    smsReceived: 'استلمنا طلب حجزك',
    smsConfirmed: 'تم تأكيد حجزك',
    pending: 'قيد الانتظار',
    confirmed: 'مؤكد',
    confirm: 'تأكيد',
    requestNotice: /^طلب حجز من صفحة الحجز الخاصة بك\. يحجز هذه التواريخ حتى .+، ثم تنتهي مهلته ما لم تؤكده\.$/,
    answerHint: 'عند تأكيد هذا الطلب أو رفضه نُبلغ الضيف برسالة نصية.',
    messages: 'رسائل الضيف',
    received: 'استلام الطلب',
    bookingConfirmed: 'تأكيد الحجز',
    sms: 'رسالة نصية',
    messageSent: /^أُرسلت في .+/,
  },
} as const;

/** The first day of the month `months` after the current one (Riyadh), plus `day - 1`. */
function dayOfMonthAhead(months: number, day: number): string {
  const today = dayFromToday(0);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const total = year * 12 + (month - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Free stays of the unit, checked the way the page reads them (unit_booked_ranges, as a visitor). */
async function bookedRanges(unitId: string, from: string, to: string) {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetch(`${apiUrl}/rest/v1/rpc/unit_booked_ranges`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ unit_id: unitId, from_date: from, to_date: to }),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as Array<{ check_in: string; check_out: string }>;
}

/**
 * The SMS texts to `phone` in the local outbox that name `reference`, read until one says `says`
 * (the guest-notify function sends a moment after the booking change commits).
 */
async function expectSms(phone: string, reference: string, says: string) {
  const { apiUrl } = stackEnv();
  await expect
    .poll(
      async () => {
        const response = await fetch(`${apiUrl}/_local/outbox?to=${encodeURIComponent(phone)}`);
        const messages = (await response.json()) as Array<{ channel: string; body: string }>;
        return messages
          .filter((message) => message.channel === 'sms' && message.body.includes(reference))
          .map((message) => message.body)
          .join('\n---\n');
      },
      { timeout: 30_000, message: `an SMS to ${phone} about ${reference} saying "${says}"` },
    )
    .toContain(says);
}

/** The demo owner on a phone of their own (a context apart from the guest's), in `language`. */
async function ownerOnPhone(browser: Browser, session: Parameters<typeof useSession>[1], language: 'en' | 'ar') {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: PHONE });
  const page = await context.newPage();
  await useSession(page, session);
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'nuzl.onboarding',
      JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
    ),
  );
  await preferLanguage(page, language);
  return page;
}

function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/** Sends the page's request_booking call from `address` instead of the browser's own. */
function fromAddress(address: string) {
  const send = fetchFrom(address);
  return async (route: Route) => {
    const request = route.request();
    const response = await send(request.url(), {
      method: request.method(),
      headers: request.headers(),
      body: request.postData() ?? undefined,
    });
    await route.fulfill({
      status: response.status,
      headers: headersOf(response),
      body: Buffer.from(await response.arrayBuffer()),
    });
  };
}

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test.describe(`a guest requests a stay on the public page (${language})`, () => {
    test.describe.configure({ timeout: 90_000 });
    let token = '';
    let unit: Awaited<ReturnType<typeof createUnit>>;
    let guestName = '';
    let nameAr = '';
    const staffGuests: string[] = [];

    test.beforeAll(async ({ ownerSession }) => {
      token = ownerSession.access_token;
      nameAr = unique('شقة الصفحة العامة');
      unit = await createUnit(token, unique('E2E Public Flat'), nameAr);
      guestName = unique(text.guest);
    });
    test.afterAll(async () => {
      if (unit) await removeUnit(token, unit.id);
      await api(token, 'DELETE', `clients?name=eq.${encodeURIComponent(guestName)}`);
      for (const id of staffGuests) await api(token, 'DELETE', `clients?id=eq.${id}`);
    });

    test('pick a unit, dates and guests, see the quote, send the request, get the reference and the SMS; taken dates are refused; staff confirm and the guest is told', async ({
      page,
      browser,
      ownerSession,
    }) => {
      // Two months ahead (reached with "next month"): stay on the 10th–13th; another stay holds the 20th–23rd.
      const [checkIn, checkOut] = [dayOfMonthAhead(2, 10), dayOfMonthAhead(2, 13)];
      const [takenIn, takenOut] = [dayOfMonthAhead(2, 20), dayOfMonthAhead(2, 23)];
      const staffGuest = await createGuest(token, unique('E2E Staff Guest'));
      staffGuests.push(staffGuest.id);
      await createBooking(token, {
        unit_id: unit.id,
        client_id: staffGuest.id,
        check_in: takenIn,
        check_out: takenOut,
        status: 'confirmed',
      });
      const booked = await bookedRanges(unit.id, dayOfMonthAhead(2, 1), dayOfMonthAhead(3, 1));
      expect(booked.filter((range) => range.check_in < checkOut && range.check_out > checkIn)).toEqual([]);
      expect(booked).toEqual([{ check_in: takenIn, check_out: takenOut }]);

      const address = `127.0.${200 + Math.floor(Math.random() * 50)}.${2 + Math.floor(Math.random() * 250)}`;
      await page.route('**/rest/v1/rpc/request_booking', fromAddress(address));
      await preferLanguage(page, language);
      await page.goto('/org/demo');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const card = page.getByTestId('public-unit').filter({ hasText: language === 'ar' ? nameAr : unit.name });
      await card.getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/org/demo/units/${unit.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('unit-prices')).toContainText(language === 'ar' ? '500.00' : 'SAR 500.00');

      const calendar = page.getByTestId('availability-calendar');
      await calendar.getByRole('button', { name: text.nextMonth }).click();
      await expect(calendar.locator(`[data-day="${takenIn}"]`)).toHaveAttribute('data-state', 'taken');
      await calendar.locator(`[data-day="${checkIn}"]`).click();
      await calendar.locator(`[data-day="${checkOut}"]`).click();
      await expect(calendar.locator(`[data-day="${checkOut}"]`)).toHaveAttribute('aria-pressed', 'true');

      const quote = page.getByTestId('quote');
      await expect(quote.getByRole('heading', { name: text.quoteTitle })).toBeVisible();
      await expect(quote.getByTestId('quote-total')).toContainText(text.total);

      const form = page.getByTestId('booking-request-form');
      await form.getByLabel(text.name).fill(guestName);
      const guestPhone = randomPhone();
      await form.getByLabel(text.phone).fill(guestPhone.replace('+966', '0'));
      await form.getByLabel(text.identity).fill(`1${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
      // Consent is required: the form says so and keeps what was typed.
      await form.getByRole('button', { name: text.submit }).click();
      await expect(form.getByText(text.consentRequired)).toBeVisible();
      await expect(form.getByLabel(text.name)).toHaveValue(guestName);
      await form.getByLabel(text.consent).check();
      await form.getByRole('button', { name: text.submit }).click();

      const done = page.getByTestId('booking-requested');
      await expect(done.getByRole('heading', { name: text.sent })).toBeVisible({ timeout: 30_000 });
      const reference = (await done.getByTestId('booking-reference').textContent())?.trim() ?? '';
      expect(reference).toMatch(/^BK-/);
      await expect(done.getByText(text.hold)).toBeVisible();
      const [stored] = await api<Array<{ status: string; total_amount: number; check_in: string; check_out: string }>>(
        token,
        'GET',
        `bookings?booking_reference=eq.${reference}&select=status,total_amount,check_in,check_out`,
      );
      expect(stored).toMatchObject({ status: 'pending', check_in: checkIn, check_out: checkOut });
      expect(Number(stored!.total_amount)).toBe(1620);
      // The guest is told the request arrived: an SMS in the language they booked in.
      await expectSms(guestPhone, reference, text.smsReceived);

      // Other dates: a stay over nights another booking holds is refused with SPEC's message.
      await done.getByRole('button', { name: text.another }).click();
      await calendar.getByRole('button', { name: text.nextMonth }).click();
      await calendar.locator(`[data-day="${dayOfMonthAhead(2, 18)}"]`).click();
      await calendar.locator(`[data-day="${dayOfMonthAhead(2, 22)}"]`).click();
      await expect(calendar.getByTestId('calendar-problem')).toHaveText(text.taken);
      // The request's own dates are taken now too.
      await expect(calendar.locator(`[data-day="${checkIn}"]`)).toHaveAttribute('data-state', 'taken');

      // Staff confirm it in the bookings screen, and see the guest told.
      const [request] = await api<Array<{ id: string }>>(
        token,
        'GET',
        `bookings?booking_reference=eq.${reference}&select=id`,
      );
      const staff = await ownerOnPhone(browser, ownerSession, language);
      try {
        await staff.goto(`/dashboard/bookings?booking=${request!.id}`);
        const details = staff.getByTestId('booking-details');
        await expect(details).toContainText(reference, { timeout: 30_000 });
        await expect(details.locator('[data-status]')).toHaveText(text.pending);
        await expect(details.getByTestId('request-notice')).toHaveText(text.requestNotice);
        await expect(details.getByTestId('guest-notice-hint')).toHaveText(text.answerHint);
        const messages = details.getByRole('region', { name: text.messages });
        const received = messages.locator('[data-testid="guest-notice"][data-kind="request_received"]');
        await expect(received).toContainText(text.received);
        await expect(received).toHaveAttribute('data-notice-state', 'sent');
        const receivedSms = received.locator('[data-testid="guest-message"][data-channel="sms"]');
        await expect(receivedSms).toContainText(text.sms);
        await expect(receivedSms.locator('[dir="ltr"]')).toHaveText(/^\+966 55 \d{3} \d{4}$/);

        await details.getByRole('button', { name: text.confirm, exact: true }).click();
        await expect(details.locator('[data-status]')).toHaveText(text.confirmed);
        await expect(details.getByTestId('request-notice')).toHaveCount(0);
        await expect(details.getByTestId('guest-notice-hint')).toHaveCount(0);
        // The dialog reads the notices again while the confirmation is on its way: no reload.
        const confirmed = messages.locator('[data-testid="guest-notice"][data-kind="request_confirmed"]');
        await expect(confirmed).toHaveAttribute('data-notice-state', 'sent', { timeout: 30_000 });
        await expect(confirmed).toContainText(text.bookingConfirmed);
        const confirmedSms = confirmed.locator('[data-testid="guest-message"][data-channel="sms"]');
        await expect(confirmedSms).toHaveAttribute('data-message-status', 'sent');
        await expect(confirmedSms.getByText(text.messageSent)).toBeVisible();
        // Newest first.
        await expect(messages.getByTestId('guest-notice').first()).toHaveAttribute('data-kind', 'request_confirmed');
        const axe = await new AxeBuilder({ page: staff }).include('[data-testid="booking-details"]').analyze();
        expect(axe.violations).toEqual([]);

        await expectSms(guestPhone, reference, text.smsConfirmed);
      } finally {
        await staff.context().close();
      }
    });
  });
}
