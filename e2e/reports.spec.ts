import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parseCsv } from './money-payments-helpers';
import { expect, preferLanguage, test } from './support/fixtures';
import { createUnit, rest, uniqueName } from './units-helpers';

/**
 * Reports (issue 17) in both languages as organisation 1's owner: a unit of its own with one stay
 * last month (other specs write bookings at the same time, so the figures checked are the unit's
 * own), the period and the unit filter kept in the URL, the by-unit table exported as CSV, and
 * the unit's statement with its totals.
 */
const TEXT = {
  en: {
    title: 'Reports',
    byUnit: 'By unit',
    statement: 'Statement',
    export: 'Export',
    unitHeader: 'Unit',
    nightsHeader: 'Nights sold',
    revenue: 'SAR 1,500.00',
  },
  ar: {
    title: 'التقارير',
    byUnit: 'حسب الوحدة',
    statement: 'كشف حساب',
    export: 'تصدير',
    unitHeader: 'الوحدة',
    nightsHeader: 'الليالي المباعة',
    revenue: '1,500.00',
  },
} as const;

/** The first day of last month and its last day, in Riyadh's calendar (the demo organisation's zone). */
function lastMonth(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const from = new Date(Date.UTC(year, month - 2, 1, 12)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(year, month - 1, 0, 12)).toISOString().slice(0, 10);
  return { from, to };
}

/** Axe on the loaded report (charts, their tables shown, the filters' open list), WCAG 2.1 AA and best practice. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A new unit with one three-night stay (500 a night) starting on the 3rd of last month. */
async function unitWithStayLastMonth(token: string, arabicName: string) {
  const unit = await createUnit(token, {
    name: uniqueName('Report villa'),
    name_ar: arabicName,
    type: 'villa',
    price_per_night: 500,
    address_city: 'Riyadh',
  });
  const { data: clients } = await rest<{ id: string }[]>(token, 'GET', 'clients?select=id&limit=1');
  const checkIn = addDays(lastMonth().from, 2);
  await rest(token, 'POST', 'bookings', {
    unit_id: unit.id,
    client_id: clients[0]!.id,
    check_in: checkIn,
    check_out: addDays(checkIn, 3),
    price_per_night: 500,
    status: 'confirmed',
    booking_reference: 'generated',
  });
  return unit;
}

for (const language of ['en', 'ar'] as const) {
  test(`reports: period and unit filter in the URL, by-unit export, statement (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[language];
    await preferLanguage(page, language);
    const arabicName = `فيلا التقرير ${Date.now().toString(36)}`;
    const unit = await unitWithStayLastMonth(ownerSession.access_token, arabicName);
    const unitLabel = language === 'ar' ? arabicName : unit.name;

    await page.goto('/dashboard/reports');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('kpi-nights_sold-value')).toBeVisible();
    const allUnitsNights = await page.getByTestId('kpi-nights_sold-value').textContent();

    // Last month, then only the new unit: the figures are the unit's one stay.
    await page.getByTestId('report-period').selectOption('last_month');
    await expect(page).toHaveURL(/period=last_month/);
    await page.getByTestId('report-filter-units').click();
    const unitBox = page.getByRole('checkbox', { name: unitLabel });
    await unitBox.click();
    await expect(unitBox).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`units=${unit.id}`));
    await expect(page.getByTestId('kpi-nights_sold-value')).toHaveText('3');
    expect(allUnitsNights).not.toBe('3');
    await expect(page.getByTestId('kpi-revenue_booked-value')).toContainText(text.revenue);
    await expect(page.getByTestId('kpi-bookings')).toBeVisible();
    await page.getByTestId('occupancy-chart-toggle').click();
    await expect(page.getByTestId('occupancy-chart-table')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // The link keeps the report: a reload shows the same period and unit.
    await page.reload();
    await expect(page.getByTestId('kpi-nights_sold-value')).toHaveText('3');
    await expect(page.getByTestId('report-filter-units')).toContainText(unitLabel);

    // By unit: the unit's row, exported as CSV (header row, its nights sold).
    await page.getByRole('tab', { name: text.byUnit }).click();
    await expect(page).toHaveURL(/tab=by_unit/);
    const table = page.getByTestId('by-unit-table');
    await expect(table.getByRole('rowheader', { name: unitLabel })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByTestId('report-export-by-unit').click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^report-by-unit_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await file.path());
    const csv = parseCsv(bytes.subarray(3).toString('utf8').trimEnd());
    expect(csv[0]?.[0]).toBe(text.unitHeader);
    const nightsColumn = csv[0]!.indexOf(text.nightsHeader);
    expect(nightsColumn).toBeGreaterThan(0);
    expect(csv).toHaveLength(2);
    expect(csv[1]?.[0]).toBe(unitLabel);
    expect(csv[1]?.[nightsColumn]).toBe('3');

    // The statement of the unit for the same period: its stay and totals.
    await page.getByRole('tab', { name: text.statement }).click();
    await page.getByTestId('statement-unit-select').selectOption(unit.id);
    await expect(page).toHaveURL(new RegExp(`unit=${unit.id}`));
    await expect(page.getByTestId('statement-unit')).toContainText(unitLabel);
    await expect(page.getByTestId('statement-total-room_revenue')).toContainText(text.revenue);
    await expect(page.getByTestId('statement-total-net')).toContainText(text.revenue);
    await expect(page.getByTestId('statement-stays').getByRole('row')).toHaveCount(2);

    // On a phone the report fits the width: tables scroll inside their own region, the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: text.byUnit }).click();
    await expect(page.getByTestId('by-unit-table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
