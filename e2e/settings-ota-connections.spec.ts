/**
 * Settings → OTA connections (issue 15) against the local stack's OTA feed sandbox (it serves
 * Airbnb, Booking.com and Gathern feeds), in English and Arabic, each with its own unit and platform: add a connection for a unit with the sandbox's
 * feed, see it listed with its unit; sync it from the unit's Channels tab and see the imported
 * nights block the unit on the bookings calendar; edit it; disconnect it and see "Sync now"
 * refused with the translated reason; delete it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, preferLanguage, test } from './support/fixtures';
import { feedOf } from './support/ota-feeds';

interface Words {
  add: string;
  addTitle: string;
  platform: string;
  name: string;
  unit: string;
  propertyId: string;
  ical: string;
  apiKey: string;
  apiSecret: string;
  save: string;
  keepHint: string;
  pending: string;
  active: string;
  disconnected: string;
  stored: string;
  edit: string;
  disconnect: string;
  delete: string;
  sync: string;
  synced: RegExp;
  refused: string;
}

const EN: Words = {
  add: 'Add connection',
  addTitle: 'Add OTA connection',
  platform: 'Platform',
  name: 'Connection name',
  unit: 'Unit',
  propertyId: 'Listing / property ID',
  ical: 'Platform calendar address (iCal)',
  apiKey: 'API key',
  apiSecret: 'API secret',
  save: 'Save',
  keepHint: 'Leave blank to keep the stored key.',
  pending: 'Pending',
  active: 'Active',
  disconnected: 'Disconnected',
  stored: 'Stored',
  edit: 'Edit',
  disconnect: 'Disconnect',
  delete: 'Delete',
  sync: 'Sync now',
  synced: /^Synced: 2 new, 0 changed, 0 cancelled, 0 in conflict\.$/,
  refused: 'This connection is disconnected. Reconnect it in Settings → OTA connections to sync it.',
};
const AR: Words = {
  add: 'إضافة ربط',
  addTitle: 'إضافة ربط مع منصة حجز',
  platform: 'المنصة',
  name: 'اسم الربط',
  unit: 'الوحدة',
  propertyId: 'رقم الإعلان / العقار',
  ical: 'رابط تقويم المنصة (iCal)',
  apiKey: 'مفتاح API',
  apiSecret: 'الرمز السري لـ API',
  save: 'حفظ',
  keepHint: 'اتركه فارغًا لإبقاء المفتاح المحفوظ.',
  pending: 'قيد الانتظار',
  active: 'نشط',
  disconnected: 'غير متصل',
  stored: 'محفوظة',
  edit: 'تعديل',
  disconnect: 'فصل',
  delete: 'حذف',
  sync: 'زامن الآن',
  synced: /^تمت المزامنة: 2 جديدة/,
  refused: 'هذا الربط مفصول. أعد ربطه من الإعدادات ← ربط منصات الحجز لتتمكن من مزامنته.',
};

interface Unit {
  id: string;
  name: string;
}

async function openTab(page: Page) {
  await page.goto('/dashboard/settings?tab=ota_connections');
  const table = page.getByTestId('ota-connections-table');
  await expect(table).toBeVisible({ timeout: 30_000 });
  return table;
}

async function syncFromChannelsTab(page: Page, unit: Unit, platform: string, words: Words) {
  await page.goto(`/dashboard/units?unit=${unit.id}&tab=channels`);
  const card = page.getByRole('dialog').getByTestId(`channel-${platform}`);
  await card.getByRole('button', { name: words.sync }).click();
  return card;
}

async function connectionJourney(page: Page, unit: Unit, platform: string, words: Words, year: number) {
  const name = `E2E ${platform} ${Date.now().toString(36)}`;
  const feed = await feedOf(platform, `e2e-settings-${platform}-${Date.now().toString(36)}`, year);

  // Add: the unit it is, the sandbox's feed, API credentials.
  let table = await openTab(page);
  await page.getByTestId('ota-connection-add').click();
  const dialog = page.getByRole('dialog', { name: words.addTitle });
  await dialog.getByLabel(words.platform, { exact: true }).selectOption(platform);
  await dialog.getByLabel(words.name, { exact: true }).fill(name);
  await expect(dialog.getByLabel(words.unit, { exact: true })).toBeEnabled();
  await dialog.getByLabel(words.unit, { exact: true }).selectOption(unit.id);
  await dialog.getByLabel(words.propertyId, { exact: true }).fill('e2e-77');
  await dialog.getByLabel(words.ical, { exact: true }).fill(feed);
  await dialog.getByLabel(words.apiKey, { exact: true }).fill('e2e-key');
  await dialog.getByLabel(words.apiSecret, { exact: true }).fill('e2e-secret');
  await dialog.getByRole('button', { name: words.save, exact: true }).click();
  await expect(dialog).toBeHidden();
  let row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(unit.name);
  await expect(row).toContainText('e2e-77');
  await expect(row.getByTestId('ota-connection-status')).toHaveText(words.pending);
  await expect(row).toContainText(words.stored);
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="ota-connections"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Sync from the unit's Channels tab; the platform's stays block the unit on the calendar.
  const card = await syncFromChannelsTab(page, unit, platform, words);
  await expect(card.getByRole('status').filter({ hasText: words.synced })).toBeVisible();
  await page.goto(`/dashboard/bookings?view=calendar&month=${year}-03-01`);
  const calendarRow = page.locator(`[data-testid="calendar-row"][data-unit-id="${unit.id}"]`);
  await expect(calendarRow.getByTestId('calendar-bar')).toHaveCount(2, { timeout: 30_000 });
  for (const bar of await calendarRow.getByTestId('calendar-bar').all()) {
    await expect(bar).toHaveAttribute('data-status', 'confirmed');
  }

  // Edit: the secrets are not shown, blank keeps them.
  table = await openTab(page);
  row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByTestId('ota-connection-status')).toHaveText(words.active);
  await row.getByRole('button', { name: words.edit }).click();
  const editDialog = page.getByRole('dialog');
  await expect(editDialog.getByLabel(words.apiKey, { exact: true })).toHaveValue('');
  await expect(editDialog.getByText(words.keepHint).first()).toBeVisible();
  await expect(editDialog.getByLabel(words.unit, { exact: true })).toHaveValue(unit.id);
  const renamed = `${name} edited`;
  await editDialog.getByLabel(words.name, { exact: true }).fill(renamed);
  await editDialog.getByRole('button', { name: words.save, exact: true }).click();
  await expect(editDialog).toBeHidden();
  row = table.getByRole('row', { name: new RegExp(renamed) });
  await expect(row).toContainText(words.stored);

  // Disconnect: kept, and "Sync now" is refused with the reason.
  await row.getByRole('button', { name: words.disconnect }).click();
  await page.getByTestId('confirm-action').click();
  await expect(row.getByTestId('ota-connection-status')).toHaveText(words.disconnected);
  const refusedCard = await syncFromChannelsTab(page, unit, platform, words);
  await expect(refusedCard.getByRole('alert')).toHaveText(words.refused);

  // Delete.
  table = await openTab(page);
  row = table.getByRole('row', { name: new RegExp(renamed) });
  await row.getByRole('button', { name: words.delete }).click();
  await page.getByTestId('confirm-action').click();
  await expect(table.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
}

test.describe('settings OTA connections (en)', () => {
  test('add a connection for a unit, sync it, see it blocked, edit, disconnect, delete', async ({
    signedInPage: page,
  }) => {
    await preferLanguage(page, 'en');
    await connectionJourney(
      page,
      { id: '50000000-0000-4000-8000-000000000009', name: 'Abha Mountain Chalet' },
      'airbnb',
      EN,
      2034,
    );
  });
});

test.describe('settings OTA connections (ar)', () => {
  test('ربط منصة: إضافة ومزامنة وحجب الليالي وتعديل وفصل وحذف', async ({ signedInPage: page }) => {
    await preferLanguage(page, 'ar');
    await connectionJourney(
      page,
      { id: '50000000-0000-4000-8000-000000000010', name: 'شقة الخبر على الواجهة البحرية' },
      'gathern',
      AR,
      2035,
    );
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
