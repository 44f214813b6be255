import { checkedOutStay, removeStay, submitWithLink, unique, type CheckedOutStay } from './review-link-helpers';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * Settings → Public site → Guest reviews (SPEC §4): a review a guest sent through their review
 * link (issue 13: a checked-out stay's single-use link, review_link() then
 * submit_review_with_link()) stays off /org/demo until the owner publishes it, and leaves it when
 * unpublished. Each language uses its own guest and stay (a unique guest name) so other specs
 * reading /org/demo see nothing of it.
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

const stays: CheckedOutStay[] = [];

test.afterAll(async ({ ownerSession }) => {
  for (const stay of stays) await removeStay(ownerSession.access_token, stay);
});

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`a guest's review reaches /org/demo only while published (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    const guest = unique(language === 'ar' ? 'ضيف التقييم' : 'E2E Reviewer');
    const message = language === 'ar' ? 'إقامة هادئة ونظيفة، شكراً لكم.' : 'Quiet, clean and close to everything.';
    const stay = await checkedOutStay(ownerSession.access_token, guest);
    stays.push(stay);
    await submitWithLink(stay.token, 5, message);

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
