/** Anonymous sign-in (and turning it into a permanent account), PKCE e-mail flows, settings and health. */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack({ anonymousSignIns: true });
});
afterAll(() => stack?.stop());

const newEmail = () => `pkce-${randomUUID().slice(0, 8)}@example.com`;

/** A browser-like client using the PKCE flow (code verifier kept in its in-memory storage). */
function pkceClient() {
  return createClient(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

describe('anonymous users', () => {
  it('signs in anonymously and later becomes a permanent user', async () => {
    const client = stack.client();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { locale: 'ar' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      phone: '',
      app_metadata: {},
      user_metadata: { locale: 'ar' },
      identities: [],
    });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated' });
    expect((claims.amr as { method: string }[])[0]?.method).toBe('anonymous');

    const noEmail = await client.auth.updateUser({ password: 'only-a-password' });
    expect(noEmail.error?.status).toBe(422);

    const email = newEmail();
    const upgraded = await client.auth.updateUser({ email });
    expect(upgraded.error).toBeNull();
    expect(upgraded.data.user?.is_anonymous).toBe(false);
    expect(upgraded.data.user?.email).toBe(email);
  });
});

describe('PKCE', () => {
  it('signInWithOtp (e-mail) → link → exchangeCodeForSession', async () => {
    const email = newEmail();
    await stack.client('service_role').auth.admin.createUser({ email, email_confirm: true });
    const client = pkceClient();
    const sent = await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'http://127.0.0.1:5173/auth/callback' },
    });
    expect(sent.error).toBeNull();

    // The same link the e-mail carries, minted by the admin API so the test needs no mailbox.
    const link = await stack.client('service_role').auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: 'http://127.0.0.1:5173/auth/callback' },
    });
    const res = await fetch(link.data.properties!.action_link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:5173/auth/callback');
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();

    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.session?.access_token).toBeTruthy();

    const again = await pkceClient().auth.exchangeCodeForSession(code!);
    expect(again.error).not.toBeNull();
  });

  it('an implicit-flow link puts the session in the URL fragment; a bad link an error', async () => {
    const email = newEmail();
    const admin = stack.client('service_role').auth.admin;
    await admin.createUser({ email, email_confirm: true });
    const link = await admin.generateLink({ type: 'magiclink', email });
    const res = await fetch(link.data.properties!.action_link, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('refresh_token')).toBeTruthy();
    expect(fragment.get('type')).toBe('magiclink');

    const reused = await fetch(link.data.properties!.action_link, { redirect: 'manual' });
    const err = new URLSearchParams(new URL(reused.headers.get('location')!).hash.slice(1));
    expect(err.get('error_code')).toBe('otp_expired');
  });

  it('signUp with the PKCE flow still returns a session when confirmations are off', async () => {
    const { data, error } = await pkceClient().auth.signUp({ email: newEmail(), password: 'pkce-signup-1' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });
});

describe('settings and health', () => {
  it('reports the enabled providers', async () => {
    const res = await fetch(`${stack.apiUrl}/auth/v1/settings`, { headers: { apikey: stack.anonKey } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.external).toMatchObject({ email: true, phone: true, anonymous_users: true, google: false });
    expect(body.mailer_autoconfirm).toBe(true);
    const health = await fetch(`${stack.apiUrl}/auth/v1/health`, { headers: { apikey: stack.anonKey } });
    expect(health.status).toBe(200);
  });
});
