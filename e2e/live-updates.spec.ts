import type { Page } from '@playwright/test';
import { api, createBooking, createGuest, createUnit, dayFromToday, removeUnit, unique } from './bookings-helpers';
import { signInWithPhone, useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * Live updates (issue 16), in English and Arabic: with the bookings calendar open, a stay the
 * demo owner books over the Data API appears on it, and disappears when deleted; with the tasks
 * board open as the Team Member, a task the owner assigns to them appears in its column and moves
 * when the owner starts it; with the bell's panel open, the notification of a second assignment
 * appears in it. No reload, no navigation: Realtime (useTableChanges) refreshes the screen, long
 * before the fallback polling would (5 minutes while live, the bell's list every minute).
 */
const MEMBER_PHONE = '+966500000003';
const MEMBER_ID = '10000000-0000-4000-8000-000000000003';
/** Well under any polling interval: only a pushed change explains an update this soon. */
const LIVE_TIMEOUT = 15_000;

let memberSession: ReturnType<typeof signInWithPhone> | null = null;

/** Marks the loaded document: the mark survives in-page updates, not a reload or a navigation. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveUpdatesMark?: boolean }).liveUpdatesMark = true;
  });
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { liveUpdatesMark?: boolean }).liveUpdatesMark)).toBe(true);
}

for (const language of ['en', 'ar'] as const) {
  test(`a stay booked elsewhere appears on the open calendar and leaves it when deleted (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    test.setTimeout(90_000);
    const token = ownerSession.access_token;
    // "000 …" sorts first (units are listed by name), so its row is among the rendered (virtualised) ones.
    const unit = await createUnit(token, unique('000 Live Calendar'), unique('000 تقويم مباشر'));
    const guest = await createGuest(token, unique(language === 'en' ? 'Live Guest' : 'ضيف مباشر'));
    const checkIn = dayFromToday(2);
    try {
      await preferLanguage(page, language);
      await page.goto(`/dashboard/bookings?view=calendar&month=${checkIn}`);
      const row = page.locator(`[data-testid="calendar-row"][data-unit-id="${unit.id}"]`);
      await expect(row).toBeVisible();
      await expect(row.getByTestId('calendar-bar')).toHaveCount(0);
      await markDocument(page);

      const booking = await createBooking(token, {
        unit_id: unit.id,
        client_id: guest.id,
        check_in: checkIn,
        check_out: dayFromToday(4),
        status: 'confirmed',
      });
      const bar = row.locator(`[data-testid="calendar-bar"][data-reference="${booking.booking_reference}"]`);
      await expect(bar).toBeVisible({ timeout: LIVE_TIMEOUT });
      await expect(bar).toHaveText(guest.name);

      // A DELETE carries only the key: enough for the calendar to ask again.
      await api(token, 'DELETE', `bookings?id=eq.${booking.id}`);
      await expect(row.getByTestId('calendar-bar')).toHaveCount(0, { timeout: LIVE_TIMEOUT });
      await expectSameDocument(page);
    } finally {
      await removeUnit(token, unit.id);
      await api(token, 'DELETE', `clients?id=eq.${guest.id}`);
    }
  });

  test(`a task assigned by the owner reaches the member's open board and bell live (${language})`, async ({
    page,
    ownerSession,
  }) => {
    test.setTimeout(90_000);
    const token = ownerSession.access_token;
    const unit = await createUnit(token, unique('Live Board'), unique('لوحة مباشرة'));
    const createTask = async (title: string) => {
      const [task] = await api<{ id: string }[]>(token, 'POST', 'tasks?select=id', {
        title,
        type: 'maintenance',
        unit_id: unit.id,
        assignee_id: MEMBER_ID,
      });
      if (!task) throw new Error('task not created');
      return task;
    };
    try {
      memberSession ??= signInWithPhone(MEMBER_PHONE);
      await useSession(page, await memberSession);
      await preferLanguage(page, language);
      await page.addInitScript(() =>
        window.localStorage.setItem(
          'nuzl.onboarding',
          JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
        ),
      );
      // The board of this test's unit only: other tests' tasks cannot push the card off a column.
      await page.goto(`/dashboard/tasks?unit=${unit.id}`);
      const pending = page.getByTestId('task-column-pending');
      await expect(pending).toBeVisible();
      await expect(page.getByTestId('task-card')).toHaveCount(0);
      await markDocument(page);

      const title = unique(language === 'en' ? 'Fix the balcony door' : 'إصلاح باب الشرفة');
      const task = await createTask(title);
      await expect(pending.getByTestId('task-card').filter({ hasText: title })).toBeVisible({
        timeout: LIVE_TIMEOUT,
      });
      // The owner starts it: the card moves to "In progress".
      await api(token, 'PATCH', `tasks?id=eq.${task.id}`, { status: 'in_progress' });
      await expect(
        page.getByTestId('task-column-in_progress').getByTestId('task-card').filter({ hasText: title }),
      ).toBeVisible({ timeout: LIVE_TIMEOUT });
      await expect(pending.getByTestId('task-card')).toHaveCount(0);

      // The bell's panel is open when the next assignment is made: its notification appears in it.
      const bell = page.getByTestId('notification-bell');
      await bell.click();
      const panel = page.getByTestId('notification-panel');
      await expect(panel).toBeVisible();
      const second = unique(language === 'en' ? 'Check the water heater' : 'فحص سخان الماء');
      await createTask(second);
      await expect(panel.getByTestId('notification-item').filter({ hasText: second })).toBeVisible({
        timeout: LIVE_TIMEOUT,
      });
      await expect(panel.getByTestId('notification-item').filter({ hasText: second })).toHaveAttribute(
        'data-unread',
        'true',
      );
      await expect(bell.getByTestId('notification-count')).toBeVisible();
      await expectSameDocument(page);
    } finally {
      await api(token, 'DELETE', `tasks?unit_id=eq.${unit.id}`);
      await removeUnit(token, unit.id);
    }
  });
}
