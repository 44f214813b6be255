import AxeBuilder from '@axe-core/playwright';
import { expect, preferLanguage, test } from './support/fixtures';

async function violations(page: import('@playwright/test').Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

for (const language of ['en', 'ar'] as const) {
  test(`axe-core on the units screen, its editor and the dashboard (${language})`, async ({ signedInPage: page }) => {
    test.setTimeout(60_000);
    await preferLanguage(page, language);
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-units-value')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/dashboard/units');
    await expect(page.getByTestId('unit-card').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/dashboard/units?view=table');
    await expect(page.getByTestId('units-table')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/dashboard/units?new=1');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}
