import { createOrganizationWithOwner } from './money-payments-helpers';
import { useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * Settings → Public site (issue 13), in English and Arabic, on an organisation of its own (the
 * demo organisation's /org/demo is read by other specs): edit the name, description, theme colour
 * and slug; the public page shows them; the old address redirects; a reserved slug is refused.
 */
const TEXT = {
  en: {
    enabled: 'Show the booking page to guests',
    slug: 'Page address',
    name: 'Name (English)',
    nameAr: 'Name (Arabic)',
    description: 'Short description (English)',
    descriptionAr: 'Short description (Arabic)',
    theme: 'Theme colour (hex code)',
    save: 'Save changes',
    saved: 'Your booking page is saved.',
    reserved: 'This address is reserved by Nuzl. Please choose another one.',
    contrast: 'This colour is too light for white text on it. Choose a darker one.',
    hidden: 'Your page is hidden',
  },
  ar: {
    enabled: 'إظهار صفحة الحجز للضيوف',
    slug: 'عنوان الصفحة',
    name: 'الاسم (بالإنجليزية)',
    nameAr: 'الاسم (بالعربية)',
    description: 'وصف مختصر (بالإنجليزية)',
    descriptionAr: 'وصف مختصر (بالعربية)',
    theme: 'لون الهوية (رمز سداسي)',
    save: 'حفظ التغييرات',
    saved: 'تم حفظ صفحة الحجز.',
    reserved: 'هذا العنوان محجوز لنُزُل، فاختر عنوانًا آخر.',
    contrast: 'هذا اللون فاتح جدًا ولا يُقرأ عليه النص الأبيض، فاختر لونًا أغمق.',
    hidden: 'صفحتك مخفية',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`edit the public site in Settings; the page shows it, the old slug redirects, a reserved one is refused (${language})`, async ({
    page,
  }) => {
    const { session, organization } = await createOrganizationWithOwner(language);
    await useSession(page, session);
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      ),
    );
    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=public_site');
    const form = page.getByTestId('public-site-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('public-site-preview')).toContainText(text.hidden);

    const suffix = organization.id.slice(0, 6);
    const oldSlug = await form.getByLabel(text.slug).inputValue();
    const newSlug = `e2e-site-${suffix}`;
    const name = `E2E Site ${suffix}`;
    const nameAr = `موقع اختبار ${suffix}`;
    const description = `Stays by the sea ${suffix}`;
    const descriptionAr = `إقامات على البحر ${suffix}`;

    await form.getByLabel(text.enabled).check();
    await form.getByLabel(text.name, { exact: true }).fill(name);
    await form.getByLabel(text.nameAr).fill(nameAr);
    await form.getByLabel(text.description, { exact: true }).fill(description);
    await form.getByLabel(text.descriptionAr).fill(descriptionAr);

    // Too light for white text: refused here, and nothing typed is lost.
    await form.getByLabel(text.theme).fill('#fde047');
    await form.getByRole('button', { name: text.save }).click();
    await expect(form.getByRole('alert').filter({ hasText: text.contrast })).toBeVisible();
    await expect(form.getByLabel(text.name, { exact: true })).toHaveValue(name);
    await form.getByLabel(text.theme).fill('#1E3A8A');

    // A reserved word: the form refuses it before sending, with the message.
    await form.getByLabel(text.slug).fill('dashboard');
    await form.getByRole('button', { name: text.save }).click();
    await expect(form.getByRole('alert').filter({ hasText: text.reserved })).toBeVisible();
    await expect(form.getByLabel(text.slug)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel(text.description, { exact: true })).toHaveValue(description);

    await form.getByLabel(text.slug).fill(newSlug);
    await form.getByRole('button', { name: text.save }).click();
    await expect(form.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
    const preview = page.getByTestId('public-site-preview-link');
    await expect(preview).toHaveAttribute('href', `/org/${newSlug}`);
    await expect(preview).toHaveAttribute('target', '_blank');
    await expect(page.getByTestId('public-site-old-slugs')).toContainText(oldSlug);

    // The public page shows the change, in the visitor's language.
    await page.goto(`/org/${newSlug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'ar' ? nameAr : name);
    await expect(page.getByText(language === 'ar' ? descriptionAr : description)).toBeVisible();
    const header = page.locator('header').first();
    await expect(header).toHaveCSS('border-top-color', 'rgb(30, 58, 138)');

    // The old address redirects to the new one.
    await page.goto(`/org/${oldSlug}`);
    await expect(page).toHaveURL(new RegExp(`/org/${newSlug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'ar' ? nameAr : name);
  });
}
