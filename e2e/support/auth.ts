import type { Page } from '@playwright/test';
import { DEMO_OTP, DEMO_OWNER_PHONE } from './constants';
import { stackEnv } from './stack-env';

interface SessionJson {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  token_type: string;
  user: { id: string };
}

async function call<T>(path: string, body: unknown): Promise<T> {
  const { apiUrl, anonKey } = stackEnv();
  const response = await fetch(`${apiUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /auth/v1${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Signs a demo phone in the way the app does (SPEC §1: SMS one-time code), over HTTP. */
export async function signInWithPhone(phone: string = DEMO_OWNER_PHONE): Promise<SessionJson> {
  await requestCode(phone);
  return call<SessionJson>('/verify', { type: 'sms', phone, token: DEMO_OTP });
}

/**
 * Asks for a code, waiting out GoTrue's per-phone `max_frequency` when two workers ask for the
 * same demo phone at once (429 over_sms_send_rate_limit), as a person would wait before resending.
 */
async function requestCode(phone: string, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await call('/otp', { phone, create_user: false });
      return;
    } catch (error) {
      const limited = error instanceof Error && / → 429:/.test(error.message);
      if (!limited || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    }
  }
}

/**
 * Puts a session where supabase-js looks for it (`sb-<host label>-auth-token` in localStorage)
 * before any script of the app runs, as if the user had signed in with "remember me".
 */
export async function useSession(page: Page, session: SessionJson): Promise<void> {
  const key = `sb-${new URL(stackEnv().apiUrl).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(
    ([storageKey, value]) => {
      if (!window.localStorage.getItem(storageKey)) window.localStorage.setItem(storageKey, value);
    },
    [key, JSON.stringify(session)] as const,
  );
}
