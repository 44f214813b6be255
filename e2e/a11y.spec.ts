import AxeBuilder from '@axe-core/playwright';
import { expect, preferLanguage, test } from './support/fixtures';

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
];

for (const language of ['en', 'ar'] as const) {
  test.describe(`axe-core (${language})`, () => {
    for (const path of PUBLIC_PATHS) {
      test(path, async ({ page }) => {
        await preferLanguage(page, language);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const summary = results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}

test('axe-core on the signed-in dashboard (en, ar)', async ({ signedInPage: page }) => {
  for (const language of ['en', 'ar'] as const) {
    await page.goto('/dashboard/settings?tab=billing');
    await page.evaluate((lng) => window.localStorage.setItem('language', lng), language);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }
});
