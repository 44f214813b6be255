import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signInWithPhone, useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';
import type { Page } from '@playwright/test';

/**
 * Session rules (SPEC §4, §8): a stored session needs access_token, refresh_token and
 * expires_at; an expired one is refreshed, and a refresh that cannot be retried removes it and
 * says "Session expired. Please log in again."
 */
const sessionKey = () => `sb-${new URL(process.env.E2E_API_URL ?? 'http://127.0.0.1').hostname.split('.')[0]}-auth-token`;
const authMessages = (language: 'en' | 'ar') =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'locales', language, 'auth.json'), 'utf8')) as { errors: { session_expired: string } };

async function storeSession(page: Page, value: Record<string, unknown>) {
  await page.addInitScript(
    ([key, json]) => {
      if (!window.sessionStorage.getItem('e2e-session-planted')) {
        window.localStorage.setItem(key, json);
        window.sessionStorage.setItem('e2e-session-planted', '1');
      }
    },
    [sessionKey(), JSON.stringify(value)] as const,
  );
}

const fakeJwt = `${btoa(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${btoa(JSON.stringify({ sub: '00000000-0000-0000-0000-000000000000', exp: 1 }))}.c2ln`;

for (const language of ['en', 'ar'] as const) {
  test.describe(`session rules (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      test.setTimeout(60_000);
      await preferLanguage(page, language);
    });

    test('an expired session whose refresh is refused is removed: "Session expired"', async ({ page }) => {
      await storeSession(page, {
        access_token: fakeJwt,
        refresh_token: 'not-a-real-token',
        expires_at: Math.floor(Date.now() / 1000) - 60,
        expires_in: 3600,
        token_type: 'bearer',
        user: { id: '00000000-0000-0000-0000-000000000000' },
      });
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/, { timeout: 20_000 });
      await expect(page.getByTestId('session-expired')).toHaveText(authMessages(language).errors.session_expired);
      expect(await page.evaluate((key) => localStorage.getItem(key) ?? sessionStorage.getItem(key), sessionKey())).toBeNull();
    });

    test('a stored session without a refresh token is not valid: removed, "Session expired"', async ({ page }) => {
      await storeSession(page, { access_token: fakeJwt, expires_at: Math.floor(Date.now() / 1000) + 3600, token_type: 'bearer' });
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
      await expect(page.getByTestId('session-expired')).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), sessionKey())).toBeNull();
    });

    test('signing out on purpose is not "Session expired"', async ({ page }) => {
      // Its own session (not the worker's shared one, which other tests still use): the team
      // member in English, the vendor in Arabic, so the two never share a number's send limit.
      await useSession(page, await signInWithPhone(language === 'en' ? '+966500000003' : '+966500000004'));
      await page.addInitScript(() => {
        window.localStorage.setItem('nuzl.onboarding', JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }));
      });
      await page.goto('/dashboard');
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem').last().click();
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByTestId('phone-form')).toBeVisible();
      await expect(page.getByTestId('session-expired')).toHaveCount(0);
    });
  });
}
