import { expect, preferLanguage, test } from './support/fixtures';
import { allTranslationKeys, findRawKeys } from './support/i18n-keys';
import { DEMO_ORG_ID, createUnit, rest, uniqueName } from './units-helpers';

interface Overview {
  today: string;
  total_units: number;
  active_clients: number;
  bookings_today: { arrivals: number; departures: number };
  revenue: { this_month: number; previous_month: number } | null;
  recent_bookings: { booking_reference: string; unit_name: string; unit_name_ar: string | null }[];
  upcoming_tasks: { title: string; title_ar: string | null }[];
}

/** A stay on a new unit with an Arabic name, so the recent bookings surely list one (other tests add stays on English-only units meanwhile). */
async function bookUnitWithArabicName(token: string) {
  const unit = await createUnit(token, {
    name: uniqueName('Overview villa'),
    name_ar: 'فيلا النظرة العامة',
    price_per_night: 500,
    address_city: 'Riyadh',
  });
  const { data: clients } = await rest<{ id: string }[]>(token, 'GET', 'clients?select=id&limit=1');
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await rest(token, 'POST', 'bookings', {
    unit_id: unit.id,
    client_id: clients[0]!.id,
    check_in: day(30),
    check_out: day(32),
    booking_reference: 'generated',
  });
}

const digits = (text: string | null) => (text ?? '').replace(/[^0-9]/g, '');

/** The numbers as the database counts them, asked independently of the screen. */
async function expected(token: string) {
  const { data: overview } = await rest<Overview>(token, 'POST', 'rpc/dashboard_overview', {});
  const units = await rest<unknown[]>(
    token,
    'GET',
    `units?organization_id=eq.${DEMO_ORG_ID}&select=id`,
    undefined,
    'count=exact',
  );
  const arrivals = await rest<unknown[]>(
    token,
    'GET',
    `bookings?organization_id=eq.${DEMO_ORG_ID}&check_in=eq.${overview.today}&status=neq.cancelled&select=id`,
    undefined,
    'count=exact',
  );
  const departures = await rest<unknown[]>(
    token,
    'GET',
    `bookings?organization_id=eq.${DEMO_ORG_ID}&check_out=eq.${overview.today}&status=neq.cancelled&select=id`,
    undefined,
    'count=exact',
  );
  return { overview, units: units.count, arrivals: arrivals.count, departures: departures.count };
}

for (const language of ['en', 'ar'] as const) {
  test(`dashboard overview shows the seed's real numbers (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    await preferLanguage(page, language);
    const token = ownerSession.access_token;
    await bookUnitWithArabicName(token);
    // Other tests add and remove units at the same time: compare a fresh count to a fresh screen.
    await expect(async () => {
      const want = await expected(token);
      await page.goto('/dashboard');
      await expect(page.getByTestId('stat-units-value')).toBeVisible();
      expect(want.units).toBeGreaterThanOrEqual(12);
      expect(want.overview.total_units).toBe(want.units);
      expect(want.overview.bookings_today.arrivals).toBe(want.arrivals);
      expect(want.overview.bookings_today.departures).toBe(want.departures);
      expect(digits(await page.getByTestId('stat-units-value').textContent())).toBe(String(want.units));
      expect(digits(await page.getByTestId('stat-clients-value').textContent())).toBe(
        String(want.overview.active_clients),
      );
      expect(digits(await page.getByTestId('stat-arrivals').textContent())).toBe(String(want.arrivals));
      expect(digits(await page.getByTestId('stat-departures').textContent())).toBe(String(want.departures));
      const revenue = want.overview.revenue;
      if (!revenue) throw new Error('the owner can read payments');
      expect(digits(await page.getByTestId('stat-revenue-value').textContent())).toBe(
        digits(revenue.this_month.toFixed(2)),
      );
      expect(digits(await page.getByTestId('stat-revenue').textContent())).toContain(
        digits(revenue.previous_month.toFixed(2)),
      );
      // Unit names and generated task titles in the reader's language (name_ar / title_ar when
      // there is one), never the English ones on the Arabic screen.
      const recent = page.getByTestId('recent-bookings');
      const shown = (text: string, arabic: string | null) => (language === 'ar' && arabic ? arabic : text);
      for (const booking of want.overview.recent_bookings) {
        await expect(recent.getByText(booking.booking_reference)).toBeVisible();
        await expect(
          recent
            .getByTestId('recent-booking-unit')
            .filter({ hasText: shown(booking.unit_name, booking.unit_name_ar) })
            .first(),
        ).toBeVisible();
        if (language === 'ar' && booking.unit_name_ar) {
          await expect(recent.getByTestId('recent-booking-unit').filter({ hasText: booking.unit_name })).toHaveCount(0);
        }
      }
      if (language === 'ar') expect(want.overview.recent_bookings.some((booking) => booking.unit_name_ar)).toBe(true);
      const upcoming = page.getByTestId('upcoming-tasks');
      for (const task of want.overview.upcoming_tasks) {
        await expect(
          upcoming
            .getByTestId('upcoming-task-title')
            .filter({ hasText: shown(task.title, task.title_ar) })
            .first(),
        ).toBeVisible();
        if (language === 'ar' && task.title_ar) {
          await expect(upcoming.getByTestId('upcoming-task-title').filter({ hasText: task.title })).toHaveCount(0);
        }
      }
    }).toPass({ timeout: 30_000 });
    expect(await findRawKeys(page, allTranslationKeys())).toEqual([]);
  });
}

test('the overview is one database call, not a request per card', async ({ signedInPage: page }) => {
  await preferLanguage(page, 'en');
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/rest/v1/')) calls.push(url.pathname);
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-units-value')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls.filter((path) => path === '/rest/v1/rpc/dashboard_overview')).toHaveLength(1);
  expect(calls.filter((path) => /\/rest\/v1\/(units|bookings|clients|payments|tasks)$/.test(path))).toEqual([]);
});

test('quick actions open the real forms and screens', async ({ signedInPage: page }) => {
  test.setTimeout(90_000);
  await preferLanguage(page, 'ar');
  await page.goto('/dashboard');
  const links: [string, RegExp][] = [
    ['حجز جديد', /\/dashboard\/bookings\?new=1$/],
    ['عميل جديد', /\/dashboard\/clients\?new=1$/],
    ['وحدة جديدة', /\/dashboard\/units\?new=1$/],
    ['مهمة جديدة', /\/dashboard\/tasks\?new=1$/],
    ['فاتورة جديدة', /\/dashboard\/payments\?section=invoices&new=invoice$/],
    ['جدولة صيانة', /\/dashboard\/tasks\?new=1&type=maintenance$/],
    ['إنشاء تقرير', /\/dashboard\/reports$/],
  ];
  for (const [label, href] of links)
    await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', href);

  // "New unit", "New booking" and "New invoice" open their forms over their screens (a modal dialog hides the
  // page behind it from the accessibility tree, so the dialog is what is checked); "Create report"
  // lands on the reports screen.
  const opensDialog: [string, RegExp, string][] = [
    ['وحدة جديدة', /\/dashboard\/units\?new=1$/, 'إضافة وحدة'],
    ['حجز جديد', /\/dashboard\/bookings\?new=1$/, 'حجز جديد'],
    ['فاتورة جديدة', /\/dashboard\/payments\?section=invoices&new=invoice$/, 'فاتورة جديدة'],
  ];
  for (const [label, url, dialogName] of opensDialog) {
    await page.goto('/dashboard');
    await page.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('dialog', { name: dialogName })).toBeVisible();
  }
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'إنشاء تقرير' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
