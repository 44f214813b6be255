import { checkedOutStay, removeStay, unique, type CheckedOutStay } from './review-link-helpers';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * The guest's review link (issue 13) on a phone, in English and Arabic: the owner gets the link
 * of a checked-out stay (review_link), the guest opens it, sees the stay, picks stars with the
 * keyboard, writes, sends and is thanked; the same link opened again says it has been used.
 */
const TEXT = {
  en: {
    greeting: 'How was your stay, Noura?',
    fourStars: '4 stars',
    message: 'Your review (optional)',
    submit: 'Send review',
    thanks: 'Thank you, Noura!',
    used: 'This review link has already been used',
    invalid: "This review link isn't valid",
  },
  ar: {
    greeting: 'كيف كانت إقامتك يا نورة؟',
    fourStars: '4 نجوم',
    message: 'رأيك (اختياري)',
    submit: 'إرسال التقييم',
    thanks: 'شكراً لك يا نورة!',
    used: 'تم استخدام رابط التقييم هذا من قبل',
    invalid: 'رابط التقييم هذا غير صالح',
  },
} as const;

const stays: CheckedOutStay[] = [];

test.use({ viewport: { width: 390, height: 844 } });

test.afterAll(async ({ ownerSession }) => {
  for (const stay of stays) await removeStay(ownerSession.access_token, stay);
});

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`a guest reviews a stay through its link, once (${language})`, async ({ page, ownerSession }) => {
    const guest = unique(language === 'ar' ? 'نورة' : 'Noura');
    const stay = await checkedOutStay(ownerSession.access_token, guest);
    stays.push(stay);
    const message = language === 'ar' ? 'مكان نظيف وهادئ، وسأعود بالتأكيد.' : 'Clean and quiet, I will be back.';

    await preferLanguage(page, language);
    await page.goto(stay.path);
    await expect(page.getByRole('heading', { name: text.greeting })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('review-stay')).toBeVisible();

    // Keyboard: Tab to the stars, arrows to the fourth (mirrored in Arabic by the browser).
    await page.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect(page.getByRole('radio', { name: text.fourStars })).toBeChecked();
    await page.getByRole('textbox', { name: text.message }).fill(message);
    await page.getByRole('button', { name: text.submit }).click();
    await expect(page.getByRole('heading', { name: text.thanks })).toBeVisible();

    const [review] = await (
      await fetch(
        `${process.env.E2E_API_URL}/rest/v1/reviews?select=rating,message,guest_name,is_published&booking_id=eq.${stay.bookingId}`,
        { headers: { apikey: process.env.E2E_ANON_KEY!, authorization: `Bearer ${ownerSession.access_token}` } },
      )
    ).json();
    expect(review).toEqual({ rating: 4, message, guest_name: guest, is_published: false });

    await page.reload();
    await expect(page.getByRole('heading', { name: text.used })).toBeVisible({ timeout: 30_000 });

    await page.goto(`/review/${'0'.repeat(64)}`);
    await expect(page.getByRole('heading', { name: text.invalid })).toBeVisible({ timeout: 30_000 });
  });
}
