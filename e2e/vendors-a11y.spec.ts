import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, preferLanguage, test } from './support/fixtures';

// These screens share two cores with the stack and other suites: allow for a slow machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** DESIGN §4: the marketplace passes axe-core in both languages. */
test.describe.configure({ timeout: 90_000 });

for (const language of ['en', 'ar'] as const) {
  test(`axe-core on the vendor marketplace (${language})`, async ({ signedInPage: page }) => {
    await preferLanguage(page, language);
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      ),
    );
    await page.goto('/dashboard/vendors');
    await expect(page.getByTestId('vendor-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
      ),
    ).toEqual([]);
  });
}
