import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_SECRET_KEY } from '../supabase/local/keys';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * E-mail links (SPEC §2 /verify, /reset-password): an invitation link lets the invited member
 * choose a password and then sign in with e-mail + password; a recovery link sets a new
 * password; a link carrying error parameters fails with its description.
 */
const apiUrl = () => process.env.E2E_API_URL ?? '';
const messages = (language: 'en' | 'ar') =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'locales', language, 'auth.json'), 'utf8')) as {
    errors: { verification_failed: string };
  };
/** The shared rule messages (src/domain) live in the common namespace. */
const commonMessages = (language: 'en' | 'ar') =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'locales', language, 'common.json'), 'utf8')) as {
    validation: { password_rules: string };
  };

/** The admin API (service role) gives tests the link an e-mail would carry. */
async function generateLink(type: 'invite' | 'recovery', email: string): Promise<string> {
  const response = await fetch(`${apiUrl()}/auth/v1/admin/generate_link`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_SECRET_KEY,
      authorization: `Bearer ${LOCAL_SECRET_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ type, email }),
  });
  const body = (await response.json()) as { hashed_token?: string; properties?: { hashed_token?: string } };
  const token = body.hashed_token ?? body.properties?.hashed_token;
  if (!response.ok || !token) throw new Error(`generate_link ${type} → ${response.status} ${JSON.stringify(body)}`);
  return token;
}

const onboardingDone = () =>
  window.localStorage.setItem(
    'nuzl.onboarding',
    JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
  );

test.beforeEach(() => test.setTimeout(90_000));

test('an invited member chooses a password, then signs in with e-mail and password (en)', async ({ page }) => {
  await preferLanguage(page, 'en');
  await page.addInitScript(onboardingDone);
  const email = `invited-${Date.now()}@example.com`;
  const tokenHash = await generateLink('invite', email);

  await page.goto(`/verify?token_hash=${tokenHash}&type=invite`);
  await expect(page.getByTestId('new-password-form')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('new-password').fill('short');
  await page.getByTestId('confirm-password').fill('short');
  await page.getByTestId('save-password').click();
  await expect(page.getByText(commonMessages('en').validation.password_rules)).toBeVisible();
  await page.getByTestId('new-password').fill('Welcome2026');
  await page.getByTestId('confirm-password').fill('Welcome2026');
  await page.getByTestId('save-password').click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem').last().click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('switch-login-mode').click();
  await page.getByTestId('email-input').fill(email);
  await page.getByTestId('password-input').fill('Wrong-pass-1');
  await page.getByTestId('email-sign-in').click();
  await expect(page.getByTestId('email-error')).toBeVisible();
  await page.getByTestId('password-input').fill('Welcome2026');
  await page.getByTestId('email-sign-in').click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
});

test('a recovery link leads to a new password (ar)', async ({ page }) => {
  await preferLanguage(page, 'ar');
  await page.addInitScript(onboardingDone);
  const email = `recover-${Date.now()}@example.com`;
  // The account exists first (invited), then asks for a reset from /reset-password.
  await generateLink('invite', email);
  await page.goto('/reset-password');
  await page.getByTestId('reset-email').fill(email);
  await page.getByTestId('reset-send').click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();

  const tokenHash = await generateLink('recovery', email);
  await page.goto(`/verify?token_hash=${tokenHash}&type=recovery`);
  await expect(page).toHaveURL(/\/reset-password$/, { timeout: 20_000 });
  await page.getByTestId('new-password').fill('Recovered2026');
  await page.getByTestId('confirm-password').fill('Recovered2026');
  await page.getByTestId('save-password').click();
  await expect(page.getByTestId('password-updated')).toBeVisible();
});

for (const language of ['en', 'ar'] as const) {
  test(`a link with error parameters fails with its description (${language})`, async ({ page }) => {
    await preferLanguage(page, language);
    await page.goto(
      '/verify#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    const error = page.getByTestId('verify-link-error');
    await expect(error).toContainText(messages(language).errors.verification_failed);
    await expect(error).toContainText('Email link is invalid or has expired');
  });
}
