/**
 * Settings → Integrations (issue 15) against the local stack's TTLock and OTA feed sandboxes, in
 * English and Arabic. The two languages run in parallel on one stack, so each has its own
 * organisation: English the demo owner of org 1 (seeded with the sandbox account), Arabic the
 * owner of org 2 (no integration yet). Each enters the sandbox's TTLock account, tests the
 * connection, changes the channel-sync frequency and sees it kept after a reload, and tests the
 * feeds.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInWithPhone, useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';

interface Words {
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
  saveAccount: string;
  saved: string;
  test: string;
  connected: RegExp;
  active: string;
  frequency: string;
  save: string;
  hourly: string;
  daily: string;
  testFeeds: string;
  /** The seeded feed of the organisation (the OTA sandbox's, pointed at this stack on start). */
  seededFeed: string;
  reachable: RegExp;
}

const EN: Words = {
  username: 'TTLock username',
  password: 'TTLock password',
  clientId: 'Client ID (TTLock Open Platform)',
  clientSecret: 'Client secret',
  saveAccount: 'Save account',
  saved: 'TTLock account saved. Test the connection to activate it.',
  test: 'Test connection',
  connected: /^Connected to TTLock: the account has/,
  active: 'Active',
  frequency: 'Sync frequency',
  save: 'Save',
  hourly: 'Every hour',
  daily: 'Once a day',
  testFeeds: 'Test feeds',
  seededFeed: 'Airbnb — Olaya Skyline',
  reachable: /^Reachable/,
};
const AR: Words = {
  username: 'اسم مستخدم TTLock',
  password: 'كلمة مرور TTLock',
  clientId: 'معرّف العميل (منصة TTLock المفتوحة)',
  clientSecret: 'الرمز السري للعميل',
  saveAccount: 'حفظ الحساب',
  saved: 'حُفظ حساب TTLock. اختبر الاتصال لتفعيله.',
  test: 'اختبار الاتصال',
  connected: /^تم الاتصال بـ TTLock/,
  active: 'نشط',
  frequency: 'تكرار المزامنة',
  save: 'حفظ',
  hourly: 'كل ساعة',
  daily: 'مرة يومياً',
  testFeeds: 'اختبار التقاويم',
  seededFeed: 'Airbnb — الروضة',
  reachable: /^يمكن الوصول إليه/,
};

async function openTab(page: Page) {
  await page.goto('/dashboard/settings?tab=integrations');
  await expect(page.getByTestId('integrations-tab')).toBeVisible({ timeout: 30_000 });
}

async function journey(page: Page, words: Words, frequency: 'hourly' | 'daily') {
  await openTab(page);
  // TTLock: the sandbox's demo account, saved write-only, then tested.
  const ttlock = page.getByTestId('integration-ttlock');
  await ttlock.getByLabel(words.username, { exact: true }).fill('demo-ttlock');
  await ttlock.getByLabel(words.password, { exact: true }).fill('demo-lock-password');
  await ttlock.getByLabel(words.clientId, { exact: true }).fill('demo-ttlock-client');
  await ttlock.getByLabel(words.clientSecret, { exact: true }).fill('demo-ttlock-secret');
  await ttlock.getByRole('button', { name: words.saveAccount }).click();
  await expect(page.getByText(words.saved)).toBeVisible();
  await expect(ttlock.getByLabel(words.password, { exact: true })).toHaveValue('');
  await ttlock.getByRole('button', { name: words.test }).click();
  await expect(ttlock.getByTestId('ttlock-test-result')).toHaveText(words.connected);
  await expect(ttlock.getByTestId('ttlock-status')).toHaveText(words.active);

  // Channel sync: a new frequency, kept after a reload.
  let ical = page.getByTestId('integration-ical');
  await ical.getByLabel(words.frequency, { exact: true }).selectOption(frequency);
  await ical.getByRole('button', { name: words.save, exact: true }).click();
  const label = frequency === 'hourly' ? words.hourly : words.daily;
  await expect(ical.getByTestId('ical-frequency')).toHaveText(label);
  await page.reload();
  ical = page.getByTestId('integration-ical');
  await expect(ical.getByTestId('ical-frequency')).toHaveText(label, { timeout: 30_000 });
  await expect(ical.getByLabel(words.frequency, { exact: true })).toHaveValue(frequency);
  await expect(page.getByTestId('ttlock-status')).toHaveText(words.active);

  // Test feeds: each of the organisation's feeds, reachable or not.
  await ical.getByRole('button', { name: words.testFeeds }).click();
  await expect(ical.getByTestId('ical-test-feed').first()).toBeVisible({ timeout: 30_000 });
  const seeded = ical.getByTestId('ical-test-feed').filter({ hasText: words.seededFeed });
  await expect(seeded).toHaveAttribute('data-ok', 'true');
  await expect(seeded.getByText(words.reachable)).toBeVisible();

  const axe = await new AxeBuilder({ page })
    .include('[data-testid="integrations-tab"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('settings integrations (en, org 1)', () => {
  test('TTLock account tested, channel sync frequency kept, feeds tested', async ({ signedInPage: page }) => {
    await preferLanguage(page, 'en');
    await journey(page, EN, 'hourly');
    // Back to the seeded pace for the other tests on this stack.
    const ical = page.getByTestId('integration-ical');
    await ical.getByLabel(EN.frequency, { exact: true }).selectOption('realtime');
    await ical.getByRole('button', { name: EN.save, exact: true }).click();
    await expect(ical.getByTestId('ical-frequency')).toHaveText('Every 15 minutes');
  });
});

test.describe('settings integrations (ar, org 2)', () => {
  test('حساب TTLock مختبر، وتكرار المزامنة محفوظ، والتقاويم مختبرة', async ({ page }) => {
    await useSession(page, await signInWithPhone('+966500000002'));
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      ),
    );
    await preferLanguage(page, 'ar');
    await journey(page, AR, 'daily');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
