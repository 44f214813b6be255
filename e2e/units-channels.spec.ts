/**
 * The unit's Channels tab against the local stack's OTA feed sandbox (issue 15), in English and
 * Arabic: copy the export link, paste a platform's calendar address, sync now and see the
 * platform's stays counted in the sync log; the export link serves text/calendar.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, preferLanguage, test } from './support/fixtures';
import { feedOf } from './support/ota-feeds';

interface Words {
  dialog: string;
  tab: string;
  importLabel: RegExp;
  save: string;
  saved: string;
  sync: string;
  synced: RegExp;
  copy: string;
  copied: string;
  logCounts: RegExp;
}

const EN: Words = {
  dialog: 'Edit',
  tab: 'Channels',
  importLabel: /Platform calendar address/,
  save: 'Save address',
  saved: 'Address saved.',
  sync: 'Sync now',
  synced: /^Synced: 2 new, 0 changed, 0 cancelled, 0 in conflict\.$/,
  copy: 'Copy link',
  copied: 'Link copied.',
  logCounts: /2 new · 0 changed · 0 cancelled · 0 conflicts/,
};
const AR: Words = {
  dialog: 'تعديل',
  tab: 'القنوات',
  importLabel: /رابط تقويم المنصة/,
  save: 'حفظ الرابط',
  saved: 'تم حفظ الرابط.',
  sync: 'زامن الآن',
  synced: /^تمت المزامنة: 2 جديدة/,
  copy: 'نسخ الرابط',
  copied: 'تم نسخ الرابط.',
  logCounts: /2 جديدة · 0 معدّلة · 0 ملغاة · 0 متعارضة/,
};

async function connectAndSync(
  page: Page,
  unit: { id: string; names: string[] },
  platform: string,
  words: Words,
  year: number,
) {
  const feed = await feedOf(platform, `e2e-${platform}-${Date.now().toString(36)}`, year);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/dashboard/units?unit=${unit.id}&tab=channels`);
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${words.dialog} (${unit.names.join('|')})$`) });
  await expect(dialog.getByRole('tab', { name: words.tab })).toHaveAttribute('aria-selected', 'true');
  const card = dialog.getByTestId(`channel-${platform}`);

  const exportUrl = (await card.getByTestId('channel-export-url').textContent()) ?? '';
  expect(exportUrl).toMatch(/\/functions\/v1\/ical\/[0-9a-f]{64}\.ics$/);
  await card.getByRole('button', { name: words.copy }).click();
  await expect(card.getByText(words.copied)).toBeVisible();
  const served = await fetch(exportUrl);
  expect(served.headers.get('content-type')).toBe('text/calendar; charset=utf-8');

  await card.getByLabel(words.importLabel).fill(feed);
  await card.getByRole('button', { name: words.save }).click();
  await expect(card.getByText(words.saved)).toBeVisible();
  await card.getByRole('button', { name: words.sync }).click();
  await expect(card.getByRole('status').filter({ hasText: words.synced })).toBeVisible();
  await expect(card.getByTestId('channel-sync-log')).toContainText(words.logCounts);
  // WCAG 2.1 AA in both directions, with the log and the messages shown.
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('unit channels (en)', () => {
  test('copy the export link, connect a feed and sync it', async ({ signedInPage: page }) => {
    await preferLanguage(page, 'en');
    await connectAndSync(
      page,
      { id: '50000000-0000-4000-8000-000000000001', names: ['Olaya Skyline Apartment', 'شقة العليا سكاي لاين'] },
      'airbnb',
      EN,
      2032,
    );
  });
});

test.describe('unit channels (ar)', () => {
  test('القنوات: نسخ رابط التصدير وربط تقويم ومزامنته', async ({ signedInPage: page }) => {
    await preferLanguage(page, 'ar');
    await connectAndSync(
      page,
      {
        id: '50000000-0000-4000-8000-000000000005',
        names: ['Corniche Sea View Apartment', 'شقة الكورنيش بإطلالة بحرية'],
      },
      'booking_com',
      AR,
      2033,
    );
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
