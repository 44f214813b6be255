import { expect, preferLanguage, test } from './support/fixtures';
import { allTranslationKeys, findRawKeys } from './support/i18n-keys';

const PUBLIC_PATHS = [
  '/',
  '/game',
  '/health',
  '/login',
  '/auth-diagnostics',
  '/reset-password',
  '/verify',
  '/org/demo',
  '/nowhere/at/all',
  '/org/no-such-host',
];
const keys = allTranslationKeys();

test('switching to Arabic sets dir=rtl and lang=ar at once and survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const languageSwitch = page.getByRole('banner').getByTestId('language-switch');
  await languageSwitch.click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أدِر وحداتك المؤجرة من مكان واحد');
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('ar');
  // The landing is prerendered in both languages: the address follows the language.
  await expect(page).toHaveURL(/\/ar$/);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أدِر وحداتك المؤجرة من مكان واحد');

  await languageSwitch.click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Run your rentals from one place');
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('browser language', () => {
  test.use({ locale: 'ar-SA' });
  test('an Arabic browser gets Arabic when nothing is stored, before the app even renders', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('أدِر وحداتك المؤجرة من مكان واحد');
  });

  test('a stored value other than en/ar is ignored', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'es'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });
});

for (const language of ['en', 'ar'] as const) {
  test.describe(`no raw i18n key on public routes (${language})`, () => {
    for (const path of PUBLIC_PATHS) {
      test(path, async ({ page }) => {
        await preferLanguage(page, language);
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await findRawKeys(page, keys)).toEqual([]);
      });
    }
  });
}
