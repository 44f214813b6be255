import { expect, preferLanguage, test } from './support/fixtures';
import type { Browser, Page } from '@playwright/test';

/**
 * Remember me (SPEC §1, §9): checked keeps the session across a browser restart for a month;
 * unchecked ends it with the browser session. A "restart" is a new browser context that gets
 * only what a real browser keeps on disk (cookies and localStorage, not sessionStorage).
 */
const apiUrl = () => process.env.E2E_API_URL ?? '';

async function codeFromOutbox(e164: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(`${apiUrl()}/_local/outbox?to=${encodeURIComponent(e164)}`);
    const messages = (await response.json()) as { body: string }[];
    const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code in the outbox for ${e164}`);
}

function freshPhone() {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { local: `056${rest}`, e164: `+96656${rest}` };
}

async function signIn(page: Page, remember: boolean) {
  const phone = freshPhone();
  await page.goto('/login');
  await page.getByTestId('phone-input').fill(phone.local);
  const checkbox = page.getByTestId('remember-me');
  if ((await checkbox.isChecked()) !== remember) await checkbox.click();
  await page.getByTestId('send-code').click();
  await page.getByTestId('otp-0').click();
  await page.keyboard.type(await codeFromOutbox(phone.e164));
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

async function restart(browser: Browser, page: Page, language: 'en' | 'ar') {
  const state = await page.context().storageState();
  await page.context().close();
  const context = await browser.newContext({ storageState: state });
  const next = await context.newPage();
  await preferLanguage(next, language);
  return next;
}

for (const language of ['en', 'ar'] as const) {
  test.describe(`remember me (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      test.setTimeout(90_000);
      await preferLanguage(page, language);
    });

    test('unchecked: the session ends with the browser session', async ({ page, browser }) => {
      await signIn(page, false);
      const stored = await page.evaluate(() => ({
        local: Object.keys(localStorage),
        session: Object.keys(sessionStorage),
      }));
      expect(stored.session.some((key) => key.endsWith('-auth-token'))).toBe(true);
      expect(stored.local.some((key) => key.endsWith('-auth-token'))).toBe(false);

      // A reload in the same browser session keeps it.
      await page.reload();
      await expect(page).toHaveURL(/\/dashboard$/);

      const after = await restart(browser, page, language);
      await after.goto('/dashboard');
      await expect(after).toHaveURL(/\/login\?redirect=%2Fdashboard/, { timeout: 20_000 });
      await after.context().close();
    });

    test('checked: the session survives a browser restart, for one month', async ({ page, browser }) => {
      await signIn(page, true);
      const marker = await page.evaluate(() => Number(localStorage.getItem('nuzl.auth.remember_until')));
      const month = 30 * 24 * 60 * 60 * 1000;
      expect(Math.abs(marker - (Date.now() + month))).toBeLessThan(5 * 60 * 1000);

      const after = await restart(browser, page, language);
      await after.goto('/dashboard');
      await expect(after).toHaveURL(/\/dashboard$/);
      await expect(after.getByTestId('user-menu')).toBeVisible();

      // Past the month, the remembered session is forgotten.
      await after.evaluate(() => localStorage.setItem('nuzl.auth.remember_until', String(Date.now() - 1000)));
      await after.reload();
      await expect(after).toHaveURL(/\/login/, { timeout: 20_000 });
      await after.context().close();
    });
  });
}
