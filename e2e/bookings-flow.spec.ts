import AxeBuilder from '@axe-core/playwright';
import { api, createBooking, createGuest, createUnit, dayFromToday, removeUnit, unique } from './bookings-helpers';
import { expect, preferLanguage, test } from './support/fixtures';

const TEXT = {
  en: {
    guestSearch: 'Search guests by name or phone',
    unit: 'Unit',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    create: 'Create booking',
    available: 'Available for these dates',
    overlap: 'This unit is already booked for the selected dates',
    calendar: 'Calendar',
    calendarGrid: 'Booking calendar',
    period: 'Period',
    locale: 'en-SA',
    freeCell: (unit: string, date: string) => `${unit}, ${date}, free`,
    search: 'Search bookings',
    status: {
      pending: 'Pending',
      confirmed: 'Confirmed',
      checked_in: 'Checked in',
      checked_out: 'Checked out',
      cancelled: 'Cancelled',
    },
    confirm: 'Confirm',
    checkInAction: 'Check in',
    checkOutAction: 'Check out',
    cancel: 'Cancel booking',
    reason: 'Reason',
    reasonRequired: 'Give a reason for the cancellation',
  },
  ar: {
    guestSearch: 'ابحث عن ضيف بالاسم أو رقم الجوال',
    unit: 'الوحدة',
    checkIn: 'تاريخ الوصول',
    checkOut: 'تاريخ المغادرة',
    create: 'إنشاء الحجز',
    available: 'الوحدة متاحة في هذه التواريخ',
    overlap: 'هذه الوحدة محجوزة في التواريخ المختارة',
    calendar: 'التقويم',
    calendarGrid: 'تقويم الحجوزات',
    period: 'المدة',
    locale: 'ar-SA-u-nu-latn-ca-gregory',
    freeCell: (unit: string, date: string) => `${unit}، ${date}، متاح`,
    search: 'البحث في الحجوزات',
    status: {
      pending: 'قيد الانتظار',
      confirmed: 'مؤكد',
      checked_in: 'تم تسجيل الدخول',
      checked_out: 'تم تسجيل المغادرة',
      cancelled: 'ملغي',
    },
    confirm: 'تأكيد',
    checkInAction: 'تسجيل وصول',
    checkOutAction: 'تسجيل مغادرة',
    cancel: 'إلغاء الحجز',
    reason: 'السبب',
    reasonRequired: 'اذكر سبب الإلغاء',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test.describe(`bookings (${language})`, () => {
    // Several round trips each (fixtures, form, actions) on a machine shared by many test runs.
    test.describe.configure({ timeout: 90_000 });
    let token = '';
    let unit: Awaited<ReturnType<typeof createUnit>>;
    let guest: Awaited<ReturnType<typeof createGuest>>;

    test.beforeEach(async ({ ownerSession }) => {
      token = ownerSession.access_token;
      unit = await createUnit(token, unique('E2E Booking Flat'), unique('شقة اختبار الحجز'));
      guest = await createGuest(token, unique(language === 'ar' ? 'ضيف الحجز' : 'E2E Guest'));
    });
    test.afterEach(async () => {
      await removeUnit(token, unit.id);
      await api(token, 'DELETE', `clients?id=eq.${guest.id}`);
    });

    test('create a booking with the database total, see it in the list and on the calendar; an overlap is refused', async ({
      signedInPage: page,
    }) => {
      const checkIn = dayFromToday(150);
      const checkOut = dayFromToday(153);
      await preferLanguage(page, language);
      await page.goto('/dashboard/bookings?new=1');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await dialog.getByPlaceholder(text.guestSearch).fill(guest.name);
      await dialog.getByRole('option').filter({ hasText: guest.name }).click();
      await dialog.getByLabel(text.unit).selectOption(unit.id);
      await dialog.getByLabel(text.checkIn).fill(checkIn);
      await dialog.getByLabel(text.checkOut).fill(checkOut);
      await expect(dialog.getByText(text.available)).toBeVisible();
      // 3 nights × 500 + 120 cleaning, as the database computes it.
      await expect(dialog.getByTestId('quote-total')).toContainText('1,620.00');
      await dialog.getByRole('button', { name: text.create }).click();

      const details = page.getByTestId('booking-details');
      await expect(details.getByTestId('booking-total')).toContainText('1,620.00');
      const { booking_reference: reference } = (
        await api<{ booking_reference: string }[]>(
          token,
          'GET',
          `bookings?unit_id=eq.${unit.id}&select=booking_reference`,
        )
      )[0]!;
      await expect(details).toContainText(reference);
      await page.keyboard.press('Escape');

      await page.getByLabel(text.search).fill(reference);
      await expect(page.getByTestId('booking-row')).toHaveCount(1);
      await expect(page.getByTestId('booking-row')).toContainText(guest.name);

      await page.goto(`/dashboard/bookings?view=calendar&month=${checkIn}`);
      const bar = page.locator(`[data-testid="calendar-bar"][data-reference="${reference}"]`);
      await bar.scrollIntoViewIfNeeded();
      await expect(bar).toBeVisible();
      await expect(bar).toHaveText(guest.name);
      // Time runs right-to-left in Arabic: a later day sits further left.
      const row = page.locator(`[data-testid="calendar-row"][data-unit-id="${unit.id}"]`);
      const cells = row.getByTestId('calendar-cells');
      const [barBox, cellsBox] = [await bar.boundingBox(), await cells.boundingBox()];
      const fromStart =
        language === 'ar' ? cellsBox!.x + cellsBox!.width - (barBox!.x + barBox!.width) : barBox!.x - cellsBox!.x;
      expect(Math.round((fromStart - 2) / 40)).toBe(Number(checkIn.slice(8)) - 1);

      await bar.click();
      await expect(page.getByTestId('booking-details')).toContainText(reference);
      await page.keyboard.press('Escape');

      // Overlap: a stay starting on the 2nd night of the first one.
      await page.goto(`/dashboard/bookings?new=1&unit=${unit.id}&check_in=${dayFromToday(151)}`);
      await expect(page.getByRole('dialog').getByLabel(text.unit)).toHaveValue(unit.id);
      await page.getByRole('dialog').getByLabel(text.checkOut).fill(dayFromToday(155));
      const notice = page.getByRole('dialog').getByTestId('availability');
      await expect(notice).toContainText(text.overlap);
      await expect(page.getByRole('dialog').getByRole('button', { name: text.create })).toBeDisabled();
    });

    test('confirm, check in and check out a booking; cancel another with a reason, which frees its dates', async ({
      signedInPage: page,
    }) => {
      const pending = await createBooking(token, {
        unit_id: unit.id,
        client_id: guest.id,
        check_in: dayFromToday(170),
        check_out: dayFromToday(172),
        status: 'pending',
      });
      const other = await createBooking(token, {
        unit_id: unit.id,
        client_id: guest.id,
        check_in: dayFromToday(180),
        check_out: dayFromToday(183),
      });
      await preferLanguage(page, language);
      await page.goto(`/dashboard/bookings?booking=${pending.id}`);
      const details = page.getByTestId('booking-details');
      // The first screen after sign-in loads the session, profile and chunks: give it time on a busy machine.
      await expect(details).toBeVisible({ timeout: 30_000 });
      await expect(details.getByText(text.status.pending)).toBeVisible();
      await details.getByRole('button', { name: text.confirm, exact: true }).click();
      await expect(details.locator('[data-status]')).toHaveText(text.status.confirmed);
      await details.getByRole('button', { name: text.checkInAction }).click();
      await expect(details.locator('[data-status]')).toHaveText(text.status.checked_in);
      await details.getByRole('button', { name: text.checkOutAction }).click();
      await expect(details.locator('[data-status]')).toHaveText(text.status.checked_out);
      await expect(details.getByRole('button', { name: text.cancel })).toHaveCount(0);

      await page.goto(`/dashboard/bookings?booking=${other.id}`);
      await page.getByTestId('booking-details').getByRole('button', { name: text.cancel }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: text.cancel }).click();
      await expect(confirm.getByText(text.reasonRequired)).toBeVisible();
      await confirm.getByLabel(text.reason).fill('Guest changed plans');
      await confirm.getByRole('button', { name: text.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByTestId('booking-details').locator('[data-status]')).toHaveText(text.status.cancelled);

      const [row] = await api<{ status: string; cancellation_reason: string }[]>(
        token,
        'GET',
        `bookings?id=eq.${other.id}&select=status,cancellation_reason`,
      );
      expect(row).toEqual({ status: 'cancelled', cancellation_reason: 'Guest changed plans' });
      // The cancelled dates are free again: the same stay can be booked.
      const again = await createBooking(token, {
        unit_id: unit.id,
        client_id: guest.id,
        check_in: dayFromToday(180),
        check_out: dayFromToday(183),
      });
      expect(again.booking_reference).toMatch(/^BK-/);
    });

    test('a click on a free calendar day starts a booking for that unit and day', async ({ signedInPage: page }) => {
      const month = dayFromToday(200).slice(0, 7);
      await preferLanguage(page, language);
      await page.goto(`/dashboard/bookings?view=calendar&month=${month}-01`);
      await expect(page.getByTestId('booking-calendar')).toBeVisible({ timeout: 30_000 });
      const cells = page
        .locator(`[data-testid="calendar-row"][data-unit-id="${unit.id}"]`)
        .getByTestId('calendar-cells');
      const box = (await cells.boundingBox())!;
      // The 10th day column from the inline start (right in Arabic).
      const x = language === 'ar' ? box.width - (9 * 40 + 20) : 9 * 40 + 20;
      await cells.click({ position: { x, y: 20 } });
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel(text.unit)).toHaveValue(unit.id);
      await expect(dialog.getByLabel(text.checkIn)).toHaveValue(`${month}-10`);
    });

    test('the calendar by keyboard: arrows reach a free day and Enter books it; Enter on a stay opens it', async ({
      signedInPage: page,
    }) => {
      // axe over a grid of some 1,500 cells and one key press at a time: slow on a loaded machine.
      test.setTimeout(180_000);
      const month = dayFromToday(200).slice(0, 7);
      const stay = await createBooking(token, {
        unit_id: unit.id,
        client_id: guest.id,
        check_in: `${month}-12`,
        check_out: `${month}-14`,
      });
      await preferLanguage(page, language);
      await page.goto(`/dashboard/bookings?view=calendar&month=${month}-01`);
      const grid = page.getByRole('grid', { name: text.calendarGrid });
      await expect(grid).toBeVisible({ timeout: 30_000 });
      const results = await new AxeBuilder({ page })
        .include('[data-testid="booking-calendar"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

      // One tab stop: Tab from the period picker enters the grid on a day cell.
      await page.getByLabel(text.period).focus();
      await page.keyboard.press('Tab');
      const focused = page.locator('[role="gridcell"]:focus');
      await expect(focused).toHaveCount(1);
      // Down the unit rows to this test's unit (other tests add units, so its row is looked up).
      const focusedUnit = () =>
        focused.evaluate((cell) => cell.closest('[data-unit-id]')?.getAttribute('data-unit-id'));
      for (let step = 0; step < 500 && (await focusedUnit()) !== unit.id; step += 1)
        await page.keyboard.press('ArrowDown');
      expect(await focusedUnit()).toBe(unit.id);
      await page.keyboard.press('Home');

      // Nine days on, to the 10th: the next day lies to the right in English, to the left in Arabic.
      const next = language === 'ar' ? 'ArrowLeft' : 'ArrowRight';
      for (let step = 0; step < 9; step += 1) await page.keyboard.press(next);
      const row = page.locator(`[data-testid="calendar-row"][data-unit-id="${unit.id}"]`);
      const unitName = (await row.getByRole('rowheader').textContent()) ?? '';
      const date = await page.evaluate(
        ([day, locale]) =>
          new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Riyadh' }).format(
            new Date(`${day}T12:00:00Z`),
          ),
        [`${month}-10`, text.locale] as const,
      );
      expect(date).toMatch(language === 'ar' ? /[\u0600-\u06ff]/ : /[A-Z][a-z]+/);
      await expect(focused).toHaveAttribute('aria-label', text.freeCell(unitName, date));
      await expect(focused).toHaveCSS('outline-style', 'solid');

      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel(text.unit)).toHaveValue(unit.id);
      await expect(dialog.getByLabel(text.checkIn)).toHaveValue(`${month}-10`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // Closing the dialog gives the focus back to the day it was opened from.
      await expect(focused).toHaveAttribute('data-col', '9');

      // Two more days reach the stay on the 12th–13th: Enter opens it.
      await page.keyboard.press(next);
      await page.keyboard.press(next);
      await expect(focused).toHaveAttribute('aria-label', new RegExp(stay.booking_reference));
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('booking-details')).toContainText(stay.booking_reference);
    });
  });
}
