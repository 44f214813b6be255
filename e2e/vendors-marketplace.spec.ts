import type { Page } from '@playwright/test';
import { expect as baseExpect, preferLanguage, test } from './support/fixtures';

// These screens share two cores with the stack and other suites: allow for a slow machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 7: the marketplace as the demo owner (an administrator): search and filter, the
 * verified badge, add a vendor to the organisation, and verification with who and when.
 */
const COPY = {
  en: {
    title: 'Vendors',
    search: 'Search vendors',
    verified: 'Verified',
    verify: 'Mark verified',
    unverify: 'Mark unverified',
    add: 'Add to my organization',
    mine: 'Works with you',
    category: 'Category',
    security: 'Security',
    by: 'by Abdullah Al-Qahtani',
    toastVerified: 'Vendor marked verified',
  },
  ar: {
    title: 'الموردون',
    search: 'البحث في الموردين',
    verified: 'موثّق',
    verify: 'تعيين كموثّق',
    unverify: 'إلغاء التوثيق',
    add: 'إضافة إلى منشأتي',
    mine: 'يعمل معكم',
    category: 'الفئة',
    security: 'أمن وحراسة',
    by: 'بواسطة Abdullah Al-Qahtani',
    toastVerified: 'تم توثيق المورد',
  },
} as const;

async function skipOnboarding(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'nuzl.onboarding',
      JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
    ),
  );
}

// Both languages change the same seeded vendors: one after the other.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

for (const language of ['en', 'ar'] as const) {
  const c = COPY[language];
  test(`marketplace: filter, add a vendor, verify and unverify it (${language})`, async ({ signedInPage: page }) => {
    await preferLanguage(page, language);
    await skipOnboarding(page);
    await page.goto('/dashboard/vendors');
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
    const cards = page.getByTestId('vendor-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('verified-badge').first()).toHaveText(c.verified);

    // Category filter: only security vendors remain (Hemaya).
    await page.getByLabel(c.category).selectOption('security');
    await expect(page).toHaveURL(/category=security/);
    await expect(cards).toHaveCount(1);
    const hemaya = cards.first();
    // Add it to the organisation, then verify it: who and when are shown.
    if (await hemaya.getByRole('button', { name: c.add }).isVisible()) {
      await hemaya.getByRole('button', { name: c.add }).click();
    }
    await expect(hemaya).toContainText(c.mine);
    const wasVerified = await hemaya.getByTestId('verified-badge').isVisible();
    if (wasVerified) {
      await hemaya.getByRole('button', { name: c.unverify }).click();
      await expect(hemaya.getByTestId('verified-badge')).toHaveCount(0);
    }
    await hemaya.getByRole('button', { name: c.verify }).click();
    await expect(page.getByText(c.toastVerified)).toBeVisible();
    await expect(hemaya.getByTestId('verified-badge')).toHaveText(c.verified);
    await expect(hemaya.getByTestId('verification-line')).toContainText(c.by);

    // Search by name narrows the whole marketplace.
    await page.getByLabel(c.category).selectOption('all');
    await page.getByLabel(c.search).fill('Desert');
    await expect(page).toHaveURL(/search=Desert/);
    await expect(cards).toHaveCount(1);
  });
}
