import type { Page } from '@playwright/test';
import { useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';
import { stackEnv } from './support/stack-env';

/**
 * Settings → Security → active sessions (issue 14), in English and Arabic: one account signed in
 * in two browsers (two contexts, a Windows laptop and an Android phone). The laptop lists both
 * sessions, itself marked "This device"; it signs out the other sessions after confirming, its
 * list shrinks to itself, and the phone is signed out at its next token refresh (the login page,
 * "Session expired"), while the laptop keeps working.
 *
 * A fresh phone account per language (sign-up with a password: two sessions without waiting out
 * the SMS spacing), so no other spec's demo session is ever signed out.
 */
const TEXT = {
  en: {
    thisDevice: 'This device',
    laptop: 'Chrome on Windows',
    phone: 'Chrome on Android',
    others: 'Sign out other sessions',
  },
  ar: {
    thisDevice: 'هذا الجهاز',
    laptop: 'Chrome على Windows',
    phone: 'Chrome على Android',
    others: 'تسجيل الخروج من الجلسات الأخرى',
  },
} as const;

const UA = {
  laptop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  phone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

type SessionJson = Parameters<typeof useSession>[1];

async function auth(path: string, body: unknown, userAgent: string): Promise<SessionJson> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetch(`${apiUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /auth/v1${path} → ${response.status}: ${text}`);
  return JSON.parse(text) as SessionJson;
}

async function openAs(page: Page, session: SessionJson, language: 'en' | 'ar') {
  await useSession(page, session);
  await preferLanguage(page, language);
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'nuzl.onboarding',
      JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
    ),
  );
}

/** Makes this browser's stored access token look expired, so supabase-js refreshes at the next load. */
async function expireStoredToken(page: Page) {
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    if (!key) throw new Error('no stored session');
    const stored = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
    stored.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(stored));
  });
}

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`two browsers, "this device", sign out the other sessions (${language})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const phone = `+96655${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const password = `e2e-${crypto.randomUUID()}`;
    const laptopSession = await auth('/signup', { phone, password }, UA.laptop);
    const phoneSession = await auth('/token?grant_type=password', { phone, password }, UA.phone);

    const laptop = await (await browser.newContext()).newPage();
    const mobile = await (await browser.newContext()).newPage();
    await openAs(laptop, laptopSession, language);
    await openAs(mobile, phoneSession, language);

    await mobile.goto('/dashboard/settings?tab=security');
    await expect(mobile.getByTestId('session-item')).toHaveCount(2, { timeout: 30_000 });

    await laptop.goto('/dashboard/settings?tab=security');
    await expect(laptop.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const items = laptop.getByTestId('session-item');
    await expect(items).toHaveCount(2, { timeout: 30_000 });
    const current = laptop.locator('[data-testid="session-item"][data-current="true"]');
    await expect(current).toHaveCount(1);
    await expect(current.getByRole('heading')).toHaveText(text.laptop);
    await expect(current.getByTestId('session-current')).toHaveText(text.thisDevice);
    const other = laptop.locator('[data-testid="session-item"][data-current="false"]');
    await expect(other.getByRole('heading')).toHaveText(text.phone);

    await laptop.getByRole('button', { name: text.others }).click();
    await expect(laptop.getByRole('alertdialog')).toBeVisible();
    await laptop.getByTestId('sign-out-others-confirm').click();
    await expect(items).toHaveCount(1);
    await expect(laptop.getByTestId('sessions-only-this')).toBeVisible();

    // The phone: its next refresh is refused and it lands on the login page.
    await expireStoredToken(mobile);
    await mobile.goto('/dashboard');
    await expect(mobile).toHaveURL(/\/login/, { timeout: 30_000 });

    // The laptop keeps working, its own refresh included.
    await expireStoredToken(laptop);
    await laptop.reload();
    await expect(laptop.getByTestId('session-item')).toHaveCount(1, { timeout: 30_000 });
    await expect(laptop).toHaveURL(/\/dashboard\/settings/);

    await laptop.context().close();
    await mobile.context().close();
  });
}
