import { fetchFrom } from '../supabase/tests/helpers/fetch-from';
import { api, unique } from './bookings-helpers';
import { stackEnv } from './support/stack-env';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * Settings → Public site → Guest reviews (SPEC §4): a review a guest sent through the public page
 * stays off /org/demo until the owner publishes it, and leaves it when unpublished. Each language
 * uses its own review (a unique guest name) so other specs reading /org/demo see nothing of it.
 */
const TEXT = {
  en: {
    heading: 'Guest reviews',
    published: 'Published',
    unpublished: 'Not published',
    publish: (name: string) => `Publish the review by ${name}`,
    unpublish: (name: string) => `Unpublish the review by ${name}`,
    stars: '5 of 5',
    publicReviews: 'Guest reviews',
  },
  ar: {
    heading: 'تقييمات الضيوف',
    published: 'منشور',
    unpublished: 'غير منشور',
    publish: (name: string) => `نشر تقييم ${name}`,
    unpublish: (name: string) => `إلغاء نشر تقييم ${name}`,
    stars: '5 من 5',
    publicReviews: 'آراء الضيوف',
  },
} as const;

/** Each language's guest writes from an address of its own (submit_review takes 3 a day per address). */
const GUEST_ADDRESS = { en: '127.0.41.1', ar: '127.0.41.2' } as const;

/** What a guest does on the public page: submit_review(), as a visitor. */
async function submitReview(language: 'en' | 'ar', guestName: string, message: string): Promise<string> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetchFrom(GUEST_ADDRESS[language])(`${apiUrl}/rest/v1/rpc/submit_review`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ slug: 'demo', guest_name: guestName, rating: 5, message }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`submit_review → ${response.status}: ${text}`);
  return JSON.parse(text) as string;
}

const created: string[] = [];

test.afterAll(async ({ ownerSession }) => {
  if (created.length === 0) return;
  await api(ownerSession.access_token, 'DELETE', `reviews?id=in.(${created.join(',')})`);
});

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`a guest's review reaches /org/demo only while published (${language})`, async ({ signedInPage: page }) => {
    const guest = unique(language === 'ar' ? 'ضيف التقييم' : 'E2E Reviewer');
    const message = language === 'ar' ? 'إقامة هادئة ونظيفة، شكراً لكم.' : 'Quiet, clean and close to everything.';
    created.push(await submitReview(language, guest, message));

    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=public_site');
    await expect(page.getByRole('heading', { name: text.heading })).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole('listitem', { name: guest });
    await expect(row).toBeVisible();
    await expect(row.getByRole('img', { name: text.stars })).toBeVisible();
    await expect(row.getByText(message)).toHaveAttribute('dir', 'auto');
    await expect(row.getByTestId('review-state')).toHaveText(text.unpublished);

    // Not on the public page before it is published.
    await page.goto('/org/demo');
    await expect(page.getByRole('heading', { name: text.publicReviews })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(guest)).toHaveCount(0);

    await page.goto('/dashboard/settings?tab=public_site');
    await row.getByRole('button', { name: text.publish(guest) }).click();
    await expect(row.getByTestId('review-state')).toHaveText(text.published);
    // The database has it once the button is back (it waits for the answer).
    await expect(row.getByRole('button', { name: text.unpublish(guest) })).toBeEnabled();

    await page.goto('/org/demo');
    await expect(page.getByText(guest)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(message)).toBeVisible();

    await page.goto('/dashboard/settings?tab=public_site');
    await row.getByRole('button', { name: text.unpublish(guest) }).click();
    await expect(row.getByTestId('review-state')).toHaveText(text.unpublished);
    await expect(row.getByRole('button', { name: text.publish(guest) })).toBeEnabled();

    await page.goto('/org/demo');
    await expect(page.getByRole('heading', { name: text.publicReviews })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(guest)).toHaveCount(0);
  });
}
