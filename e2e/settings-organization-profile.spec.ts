import type { Page } from '@playwright/test';
import { createOrganizationWithOwner, freshVatNumber, MEMBER_PHONE } from './money-payments-helpers';
import { signInWithPhone, useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * Settings → Organisation and Profile (issue 14), in English and Arabic. The owner of an
 * organisation of its own (the demo organisation's time zone is read by other specs) renames it,
 * moves it to New York's time zone and gives a VAT number — a wrong one refused with its message,
 * then a right one — and finds all of it after a reload; the demo team member sees the tab
 * read-only with the reason; choosing the other language in the profile switches the screens.
 */
const TEXT = {
  en: {
    name: 'Organization name',
    timezone: 'Time zone',
    vat: 'VAT number',
    save: 'Save organization',
    saved: 'The organization is saved.',
    vatWrong: 'The VAT number has 15 digits and starts and ends with 3.',
    readOnly: 'changing the organization needs the “Manage settings” permission',
    language: 'Preferred language',
    saveProfile: 'Save profile',
    otherSettings: 'الإعدادات',
  },
  ar: {
    name: 'اسم المنشأة',
    timezone: 'المنطقة الزمنية',
    vat: 'الرقم الضريبي',
    save: 'حفظ بيانات المنشأة',
    saved: 'تم حفظ بيانات المنشأة',
    vatWrong: 'الرقم الضريبي مكوّن من 15 رقمًا ويبدأ بالرقم 3 وينتهي به.',
    readOnly: 'يتطلب تعديل المنشأة صلاحية «إدارة الإعدادات»',
    language: 'اللغة المفضلة',
    saveProfile: 'حفظ الملف الشخصي',
    otherSettings: 'Settings',
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

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`the owner edits the organisation: name, time zone, VAT number refused then saved, kept after reload (${language})`, async ({
    page,
  }) => {
    const { session, organization } = await createOrganizationWithOwner(language);
    await useSession(page, session);
    await skipOnboarding(page);
    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=organization');
    const form = page.getByTestId('organization-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    await expect(form.getByLabel(text.name, { exact: true })).toHaveValue(organization.name);

    const name = `${organization.name} renamed`;
    await form.getByLabel(text.name, { exact: true }).fill(name);
    await form.getByLabel(text.timezone, { exact: true }).selectOption('America/New_York');
    await form.getByLabel(text.vat, { exact: true }).fill('123456789012345');
    await form.getByRole('button', { name: text.save }).click();
    await expect(form.getByRole('alert').filter({ hasText: text.vatWrong })).toBeVisible();
    // Nothing typed is lost.
    await expect(form.getByLabel(text.name, { exact: true })).toHaveValue(name);

    const vat = freshVatNumber();
    await form.getByLabel(text.vat, { exact: true }).fill(vat);
    await form.getByRole('button', { name: text.save }).click();
    await expect(page.getByTestId('organization-saved')).toContainText(text.saved);

    await page.reload();
    const again = page.getByTestId('organization-form');
    await expect(again.getByLabel(text.name, { exact: true })).toHaveValue(name, { timeout: 30_000 });
    await expect(again.getByLabel(text.timezone, { exact: true })).toHaveValue('America/New_York');
    await expect(again.getByLabel(text.vat, { exact: true })).toHaveValue(vat);
  });

  test(`a team member sees the organisation read-only, with the reason (${language})`, async ({ page }) => {
    await useSession(page, await signInWithPhone(MEMBER_PHONE));
    await skipOnboarding(page);
    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=organization');
    await expect(page.getByTestId('organization-read-only')).toContainText(text.readOnly, { timeout: 30_000 });
    const form = page.getByTestId('organization-form');
    await expect(form.getByLabel(text.name, { exact: true })).toBeDisabled();
    await expect(form.getByLabel(text.vat, { exact: true })).toBeDisabled();
    await expect(form.getByRole('button', { name: text.save })).toHaveCount(0);
  });

  test(`choosing the other language in the profile switches the screens at once (${language})`, async ({ page }) => {
    const { session } = await createOrganizationWithOwner(language);
    await useSession(page, session);
    await skipOnboarding(page);
    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=profile');
    const form = page.getByTestId('profile-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    const other = language === 'en' ? 'ar' : 'en';
    await form.getByLabel(text.language, { exact: true }).selectOption(other);
    await form.getByRole('button', { name: text.saveProfile }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.locator('html')).toHaveAttribute('dir', other === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: text.otherSettings })).toBeVisible();
    await expect(page.getByTestId('profile-form').getByLabel(TEXT[other].language, { exact: true })).toHaveValue(other);
  });
}
