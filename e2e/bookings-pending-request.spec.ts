/**
 * A booking request from the public page never blocks staff unseen (issue 10, item 3): when staff
 * pick dates a request holds, the booking form shows the request (guest, dates, when it lapses)
 * and offers the choice: decline it and book (asked first), open it to confirm it, or change the
 * dates. The calendar shows live requests as such. English and Arabic, by keyboard where it
 * matters, and axe on the form with the request shown.
 */
import AxeBuilder from '@axe-core/playwright';
import { fetchFrom } from '../supabase/tests/helpers/fetch-from';
import { api, createGuest, createUnit, dayFromToday, randomPhone, removeUnit, unique } from './bookings-helpers';
import { stackEnv } from './support/stack-env';
import { expect, preferLanguage, test } from './support/fixtures';

const TEXT = {
  en: {
    guestSearch: 'Search guests by name or phone',
    checkOut: 'Check-out',
    held: 'These dates are held by a booking request waiting for your answer',
    lapses: /^Lapses .+ unless you confirm it$/,
    declineAndBook: 'Decline and book',
    confirmTitle: 'Decline the booking request?',
    keep: 'Keep the request',
    open: (reference: string) => `Open request ${reference}`,
    requestNotice: 'A booking request from your booking page.',
    confirm: 'Confirm',
    confirmed: 'Confirmed',
    declinedReason: 'Request declined to book these dates',
    legend: 'Booking request (waiting for an answer)',
  },
  ar: {
    guestSearch: 'ابحث عن ضيف بالاسم أو رقم الجوال',
    checkOut: 'تاريخ المغادرة',
    held: 'هذه التواريخ محجوزة مؤقتًا بطلب حجز ينتظر ردّك',
    lapses: /^تنتهي مهلته .+ ما لم تؤكده$/,
    declineAndBook: 'رفض الطلب والحجز',
    confirmTitle: 'رفض طلب الحجز؟',
    keep: 'إبقاء الطلب',
    open: (reference: string) => `فتح الطلب ${reference}`,
    requestNotice: 'طلب حجز من صفحة الحجز الخاصة بك.',
    confirm: 'تأكيد',
    confirmed: 'مؤكد',
    declinedReason: 'رُفض الطلب لحجز هذه التواريخ',
    legend: 'طلب حجز (بانتظار الرد)',
  },
} as const;

/** A visitor's request on the demo organisation's public page, from a loopback address of its own. */
async function requestAsVisitor(unitId: string, checkIn: string, checkOut: string, guestName: string) {
  const { apiUrl, anonKey } = stackEnv();
  const address = `127.0.${100 + Math.floor(Math.random() * 100)}.${2 + Math.floor(Math.random() * 250)}`;
  const response = await fetchFrom(address)(`${apiUrl}/rest/v1/rpc/request_booking`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      slug: 'demo',
      unit_id: unitId,
      check_in: checkIn,
      check_out: checkOut,
      guests_count: 1,
      guest_name: guestName,
      guest_phone: randomPhone(),
      national_id: `1${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    }),
  });
  const body = (await response.json()) as { booking_reference?: string; message?: string };
  if (!response.ok || !body.booking_reference) throw new Error(`request_booking ${response.status}: ${body.message}`);
  return body.booking_reference;
}

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test.describe(`a pending booking request in the staff booking screen (${language})`, () => {
    test.describe.configure({ timeout: 90_000 });
    let token = '';
    let unit: Awaited<ReturnType<typeof createUnit>>;
    let guest: Awaited<ReturnType<typeof createGuest>>;
    let requester = '';

    test.beforeEach(async ({ ownerSession }) => {
      token = ownerSession.access_token;
      unit = await createUnit(token, unique('E2E Request Flat'), unique('شقة طلب الحجز'));
      guest = await createGuest(token, unique(language === 'ar' ? 'ضيف الموظف' : 'E2E Staff Guest'));
      requester = unique(language === 'ar' ? 'ضيفة الطلب' : 'E2E Requester');
    });
    test.afterEach(async () => {
      await removeUnit(token, unit.id);
      await api(token, 'DELETE', `clients?id=eq.${guest.id}`);
      await api(token, 'DELETE', `clients?name=eq.${encodeURIComponent(requester)}`);
    });

    test('staff see the request, decline it and book, by keyboard', async ({ signedInPage: page }) => {
      const [checkIn, checkOut] = [dayFromToday(120), dayFromToday(123)];
      const reference = await requestAsVisitor(unit.id, checkIn, checkOut, requester);
      await preferLanguage(page, language);
      await page.goto(`/dashboard/bookings?new=1&unit=${unit.id}&check_in=${dayFromToday(121)}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await dialog.getByPlaceholder(text.guestSearch).fill(guest.name);
      await dialog.getByRole('option').filter({ hasText: guest.name }).click();
      await dialog.getByLabel(text.checkOut).fill(dayFromToday(122));

      const notice = dialog.getByTestId('pending-requests');
      await expect(notice.getByText(text.held)).toBeVisible();
      const item = notice.getByTestId('pending-request');
      await expect(item).toContainText(reference);
      await expect(item).toContainText(requester);
      await expect(item.getByTestId('pending-request-lapses')).toHaveText(text.lapses);
      const axe = await new AxeBuilder({ page }).include('[data-testid="pending-requests"]').analyze();
      expect(axe.violations).toEqual([]);

      // Keyboard only: the decline button, then the question asked in place (focus on "keep").
      await notice.getByRole('button', { name: text.declineAndBook }).focus();
      await page.keyboard.press('Enter');
      const question = notice.getByRole('group', { name: text.confirmTitle });
      await expect(question).toContainText(reference);
      await expect(question.getByRole('button', { name: text.keep })).toBeFocused();
      const axeQuestion = await new AxeBuilder({ page }).include('[data-testid="pending-requests"]').analyze();
      expect(axeQuestion.violations).toEqual([]);
      await page.keyboard.press('Tab');
      await expect(question.getByRole('button', { name: text.declineAndBook })).toBeFocused();
      await page.keyboard.press('Enter');

      // Saved: the new booking's details open; the request was declined, which its guest sees.
      const details = page.getByTestId('booking-details');
      await expect(details.locator('[data-status]')).toHaveText(text.confirmed, { timeout: 30_000 });
      const [request] = await api<{ id: string; status: string; cancellation_reason: string }[]>(
        token,
        'GET',
        `bookings?booking_reference=eq.${reference}&select=id,status,cancellation_reason`,
      );
      expect(request).toMatchObject({ status: 'cancelled', cancellation_reason: 'Request declined' });
      await page.goto(`/dashboard/bookings?booking=${request!.id}`);
      await expect(page.getByTestId('booking-details')).toContainText(text.declinedReason, { timeout: 30_000 });
    });

    test('the calendar shows the request as such; staff open it from the form and confirm it', async ({
      signedInPage: page,
    }) => {
      const [checkIn, checkOut] = [dayFromToday(130), dayFromToday(132)];
      const reference = await requestAsVisitor(unit.id, checkIn, checkOut, requester);
      await preferLanguage(page, language);
      await page.goto(`/dashboard/bookings?view=calendar&month=${checkIn}`);
      await expect(page.getByText(text.legend)).toBeVisible({ timeout: 30_000 });
      const bar = page.locator(`[data-testid="calendar-bar"][data-reference="${reference}"]`);
      await bar.scrollIntoViewIfNeeded();
      await expect(bar).toHaveAttribute('data-request', 'true');
      await expect(bar).toHaveAttribute('title', new RegExp(`${reference}.*${requester}`));

      await page.goto(`/dashboard/bookings?new=1&unit=${unit.id}&check_in=${checkIn}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await dialog.getByLabel(text.checkOut).fill(checkOut);
      const open = dialog.getByRole('button', { name: text.open(reference) });
      await open.focus();
      await page.keyboard.press('Enter');

      const details = page.getByTestId('booking-details');
      await expect(details).toContainText(reference, { timeout: 30_000 });
      await expect(details.getByTestId('request-notice')).toContainText(text.requestNotice);
      await details.getByRole('button', { name: text.confirm, exact: true }).click();
      await expect(details.locator('[data-status]')).toHaveText(text.confirmed);
      await expect(details.getByTestId('request-notice')).toHaveCount(0);
    });
  });
}
