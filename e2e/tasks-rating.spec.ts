import type { Page } from '@playwright/test';
import { expect as baseExpect, preferLanguage, test } from './support/fixtures';

// These screens share two cores with the stack and other suites: allow for a slow machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 7: after a vendor's task is completed the organisation rates it, once, and the
 * marketplace rating counts it. Since issue 10 that rating keeps the ratings the vendor was
 * listed with and counts each organisation once, as the mean of its own task ratings. The task
 * is set up through the Data API as the demo owner; rating and reading happen in the browser.
 */
const SPARKLE = '40000000-0000-4000-8000-000000000001';

async function rest<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const apiUrl = process.env.E2E_API_URL!;
  const response = await fetch(`${apiUrl}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: process.env.E2E_ANON_KEY!,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function skipOnboarding(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'nuzl.onboarding',
      JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
    ),
  );
}

const COPY = {
  en: {
    star: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
    rated: (n: number) => `You rated this work ${n} of 5.`,
    thanks: 'Thank you for the rating',
    search: 'Search vendors',
  },
  ar: {
    star: (n: number) => (({ 1: 'نجمة واحدة', 2: 'نجمتان' }) as Record<number, string>)[n] ?? `${n} نجوم`,
    rated: (n: number) => `قيّمت هذا العمل ${n} من 5.`,
    thanks: 'شكرًا على التقييم',
    search: 'البحث في الموردين',
  },
} as const;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

for (const [language, stars] of [
  ['en', 4],
  ['ar', 2],
] as const) {
  const c = COPY[language];
  test(`rate a completed task once; the vendor's rating counts the organisation (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    const token = ownerSession.access_token;
    const [task] = await rest<{ id: string }[]>(token, 'POST', 'tasks', {
      title: `Rated turnover ${language}`,
      type: 'cleaning',
      vendor_id: SPARKLE,
    });
    await rest(token, 'POST', 'rpc/complete_task', { task_id: task!.id });
    await preferLanguage(page, language);
    await skipOnboarding(page);

    await page.goto(`/dashboard/tasks?task=${task!.id}`);
    const dialog = page.getByRole('dialog');
    // The stars are a radio group; a click on the star's label chooses it.
    await dialog
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: c.star(stars), exact: true }) })
      .click();
    await expect(page.getByText(c.thanks)).toBeVisible();
    await expect(dialog.getByText(c.rated(stars))).toBeVisible();
    // Given once: the stars now only show it.
    await expect(dialog.getByRole('radio', { name: c.star(stars), exact: true })).toBeDisabled();

    const rated = await rest<{ rating: number }[]>(
      token,
      'GET',
      `tasks?select=rating&vendor_id=eq.${SPARKLE}&rating=not.is.null`,
    );
    const [listed] = await rest<{ prior_rating_sum: number; prior_reviews_count: number }[]>(
      token,
      'GET',
      `vendors?select=prior_rating_sum,prior_reviews_count&id=eq.${SPARKLE}`,
    );
    // The organisation's voice is the mean of its ratings; it joins the ratings Sparkle was listed with.
    const voice = rated.reduce((sum, t) => sum + t.rating, 0) / rated.length;
    const count = listed!.prior_reviews_count + 1;
    const expected = Math.round(((listed!.prior_rating_sum + voice) / count) * 10) / 10;
    await page.goto('/dashboard/vendors?search=Sparkle');
    const rating = page.getByTestId('vendor-card').getByTestId('vendor-rating');
    await expect(rating).toHaveCount(1);
    const shown = new Intl.NumberFormat(language === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-SA', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(expected);
    await expect(rating).toContainText(shown);
    await expect(rating).toContainText(language === 'ar' ? String(count) : `${count} ratings`);
  });
}
