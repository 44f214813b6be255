import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect as baseExpect, preferLanguage, test } from './support/fixtures';

// These screens share two cores with the stack and other suites: allow for a slow machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** DESIGN §4: the task screens pass axe-core in both languages (board, list, form, details). */
async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

test.describe.configure({ timeout: 90_000 });

for (const language of ['en', 'ar'] as const) {
  test(`axe-core on the tasks board, list, form and details (${language})`, async ({ signedInPage: page }) => {
    // Four full axe scans on a shared machine.
    test.setTimeout(120_000);
    await preferLanguage(page, language);
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      ),
    );
    await page.goto('/dashboard/tasks');
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    const firstTask = await page.getByTestId('task-card').first().getAttribute('data-task-id');
    expect(await violations(page)).toEqual([]);

    await page.goto('/dashboard/tasks?view=list');
    await expect(page.getByTestId('task-row').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/dashboard/tasks?new=task');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // ?task=<id> opens a task's details (a link to share).
    await page.goto(`/dashboard/tasks?task=${firstTask}`);
    await expect(page.getByTestId('task-timeline')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}
