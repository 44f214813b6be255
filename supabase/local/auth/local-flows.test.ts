/**
 * Local-only behaviour of the auth service: codes that reach the outbox, other config variants
 * (confirmations on, secure password change, a provider configured), the legacy error shape.
 * A second auth service runs on the test stack's database with a modified config; supabase-js
 * reaches it through a fetch that plays the gateway.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from '../../tests/helpers/test-stack';
import { roleForApiKey } from '../keys';
import type { Service } from '../types';
import { createAuthService } from './index';
import { createOutbox } from './outbox';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

type Outbox = ReturnType<typeof createOutbox>;

/** An auth service with config overrides, and a supabase-js client wired straight to it. */
type AuthSections = { auth: Record<string, Record<string, unknown>> };
/** The stack's parsed config.toml, seen as the auth service reads it. */
const stackConfig = () => stack.stack.config as unknown as Record<string, unknown> & AuthSections;

function localAuth(auth: Record<string, unknown> = {}) {
  const base = stackConfig();
  const config = { ...base, auth: { ...base.auth, ...auth } };
  const outbox: Outbox = createOutbox();
  const apiUrl = 'http://auth.test';
  const service: Service = createAuthService({
    db: stack.db,
    keys: stack.keys,
    config,
    dataDir: null,
    apiUrl,
    outbox,
    rootDir: process.cwd(),
  });
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    url.pathname = url.pathname.replace(/^\/auth\/v1/, '');
    return service.handle(new Request(url, req), { apikeyRole: roleForApiKey(req.headers.get('apikey'), stack.keys) });
  };
  const client = (key = stack.anonKey, flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient =>
    createClient(apiUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { fetch: fetchImpl },
    });
  return { service, outbox, client, fetch: fetchImpl };
}

const codeIn = (body: string) => /(\d{6})/.exec(body.replace(/https?:\S+/g, ''))?.[1];
const uniquePhone = () => `+9665${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`;
const uniqueEmail = () => `local-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('codes through the outbox', () => {
  it('sends a random SMS code to a non-test number and verifies it', async () => {
    const { client, outbox } = localAuth();
    const phone = uniquePhone();
    const sent = await client().auth.signInWithOtp({ phone });
    expect(sent.error).toBeNull();
    const [sms] = outbox.list();
    expect(sms).toMatchObject({ channel: 'sms', to: phone, kind: 'otp', id: sent.data.messageId });
    const code = codeIn(sms!.body)!;
    expect(sms!.body).toBe(`Your Nuzl code is ${code}`);
    const wrong = await client().auth.verifyOtp({ phone, token: code === '111111' ? '222222' : '111111', type: 'sms' });
    expect(wrong.error?.code).toBe('otp_expired');
    const { data, error } = await client().auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone.slice(1));
    // A code works once.
    expect((await client().auth.verifyOtp({ phone, token: code, type: 'sms' })).error?.code).toBe('otp_expired');
  });

  it('e-mails a magic link with a code; both the code and the link work', async () => {
    const { client, outbox } = localAuth();
    const email = uniqueEmail();
    expect((await client().auth.signInWithOtp({ email })).error).toBeNull();
    const [mail] = outbox.list();
    expect(mail).toMatchObject({ channel: 'email', to: email, kind: 'magiclink', subject: 'Your Magic Link' });
    expect(mail!.body).toContain('http://auth.test/auth/v1/verify?token=');
    const appLink = /Or open: (\S+)/.exec(mail!.body)![1]!;
    expect(appLink).toMatch(/^http:\/\/127\.0\.0\.1:5173\/verify\?token_hash=[0-9a-f]{56}&type=magiclink$/);
    const { error } = await client().auth.verifyOtp({ email, token: codeIn(mail!.body)!, type: 'email' });
    expect(error).toBeNull();
  });

  it('changes e-mail with double confirmation', async () => {
    const { client, outbox } = localAuth();
    const c = client();
    const oldEmail = uniqueEmail();
    await c.auth.signUp({ email: oldEmail, password: 'change-mail-1' });
    const newEmail = uniqueEmail();
    const upd = await c.auth.updateUser({ email: newEmail });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.new_email).toBe(newEmail);
    const toNew = outbox.list().find((m) => m.to === newEmail)!;
    const toOld = outbox.list().find((m) => m.to === oldEmail)!;
    expect(toNew.kind).toBe('email_change');
    const first = await c.auth.verifyOtp({ email: newEmail, token: codeIn(toNew.body)!, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await c.auth.verifyOtp({ email: oldEmail, token: codeIn(toOld.body)!, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
  });

  it('resets a password through the recovery e-mail', async () => {
    const { client, outbox } = localAuth();
    const email = uniqueEmail();
    await client().auth.signUp({ email, password: 'forgot-it-1' });
    expect(
      (await client().auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:5173/reset-password' })).error,
    ).toBeNull();
    // Unknown addresses get the same answer and no e-mail.
    expect((await client().auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
    const mails = outbox.list();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, kind: 'recovery', subject: 'Reset Your Password' });
    expect(mails[0]!.body).toContain(encodeURIComponent('http://127.0.0.1:5173/reset-password'));
    const c = client();
    const { error } = await c.auth.verifyOtp({ email, token: codeIn(mails[0]!.body)!, type: 'recovery' });
    expect(error).toBeNull();
    expect((await c.auth.updateUser({ password: 'remembered-2' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'remembered-2' })).error).toBeNull();
  });

  it('resends a sign-up confirmation after max_frequency', async () => {
    const { client, outbox } = localAuth({ email: { ...stackConfig().auth.email, enable_confirmations: true } });
    const email = uniqueEmail();
    await client().auth.signUp({ email, password: 'resend-me-1' });
    const tooSoon = await client().auth.resend({ type: 'signup', email });
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await client().auth.resend({ type: 'signup', email })).error).toBeNull();
    const mails = outbox.list().filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    // Only the newest code is valid.
    expect((await client().auth.verifyOtp({ email, token: codeIn(mails[1]!.body)!, type: 'signup' })).error?.code).toBe(
      'otp_expired',
    );
    expect((await client().auth.verifyOtp({ email, token: codeIn(mails[0]!.body)!, type: 'signup' })).error).toBeNull();
  });

  it('serves the outbox as JSON, filtered, as a page, and clears it', async () => {
    const { outbox } = localAuth();
    outbox.add({ channel: 'sms', to: '+966500000009', body: 'Your code is 1', kind: 'otp' });
    outbox.add({
      channel: 'email',
      to: 'a@example.com',
      subject: 'Hi <b>',
      body: 'Link https://x.test/a',
      kind: 'magiclink',
    });
    const all = await (await outbox.handle(new Request('http://x/'))).json();
    expect(all.map((m: { to: string }) => m.to)).toEqual(['a@example.com', '+966500000009']);
    const filtered = await (await outbox.handle(new Request('http://x/?to=966500000009'))).json();
    expect(filtered).toHaveLength(1);
    const page = await outbox.handle(new Request('http://x/page'));
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Hi &lt;b&gt;');
    expect(html).toContain('<a href="https://x.test/a">');
    expect((await outbox.handle(new Request('http://x/', { method: 'DELETE' }))).status).toBe(204);
    expect(outbox.list()).toEqual([]);
  });
});

describe('the outbox behind the gateway', () => {
  it('shows the SMS a non-test number was sent, as JSON and as a page', async () => {
    const phone = uniquePhone();
    const sent = await stack.client().auth.signInWithOtp({ phone });
    expect(sent.error).toBeNull();
    const list = await (await fetch(`${stack.apiUrl}/_local/outbox?to=${encodeURIComponent(phone)}`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: sent.data.messageId, channel: 'sms', to: phone });
    const { error } = await stack.client().auth.verifyOtp({ phone, token: codeIn(list[0].body)!, type: 'sms' });
    expect(error).toBeNull();
    const page = await fetch(`${stack.apiUrl}/_local/outbox/page`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(phone);
  });
});

describe('config variants', () => {
  it('with e-mail confirmations on, sign-up returns a bare user and the link confirms', async () => {
    const { client, outbox } = localAuth({ email: { ...stackConfig().auth.email, enable_confirmations: true } });
    const email = uniqueEmail();
    const { data, error } = await client().auth.signUp({ email, password: 'confirm-me-1' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect((await client().auth.signInWithPassword({ email, password: 'confirm-me-1' })).error?.code).toBe(
      'email_not_confirmed',
    );
    const mail = outbox.list().find((m) => m.to === email)!;
    expect(mail.kind).toBe('signup');
    // The app-side link style: /verify?token_hash=…&type=signup, verified by the app itself.
    const appLink = new URL(/Or open: (\S+)/.exec(mail.body)![1]!);
    expect(appLink.searchParams.get('type')).toBe('signup');
    const verified = await client().auth.verifyOtp({
      token_hash: appLink.searchParams.get('token_hash')!,
      type: 'signup',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session).toBeTruthy();
  });

  it('with confirmations on, a PKCE sign-up is completed by the link and exchangeCodeForSession', async () => {
    const { client, outbox, fetch } = localAuth({ email: { ...stackConfig().auth.email, enable_confirmations: true } });
    const c = client(stack.anonKey, 'pkce');
    const email = uniqueEmail();
    const { data, error } = await c.auth.signUp({
      email,
      password: 'pkce-confirm-1',
      options: { emailRedirectTo: 'http://127.0.0.1:5173/verify' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const mail = outbox.list().find((m) => m.to === email)!;
    const link = /Follow this link: (\S+)/.exec(mail.body)![1]!;
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    expect(code).toBeTruthy();
    const wrongVerifier = await fetch('http://auth.test/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(wrongVerifier.status).toBe(403);
    expect(await wrongVerifier.json()).toMatchObject({ code: 'bad_code_verifier' });
    const exchanged = await c.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('with secure_password_change, an old session needs a reauthentication nonce', async () => {
    const base = stackConfig().auth.email;
    const { client, outbox } = localAuth({ email: { ...base, secure_password_change: true } });
    const c = client();
    const email = uniqueEmail();
    const { data } = await c.auth.signUp({ email, password: 'first-pass-1' });
    await stack.db.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [
      data.user!.id,
    ]);
    const refused = await c.auth.updateUser({ password: 'second-pass-2' });
    expect(refused.error?.code).toBe('reauthentication_needed');
    expect((await c.auth.reauthenticate()).error).toBeNull();
    const mail = outbox.list().find((m) => m.kind === 'reauthentication' && m.to === email)!;
    const badNonce = await c.auth.updateUser({
      password: 'second-pass-2',
      nonce: '000000' === codeIn(mail.body) ? '111111' : '000000',
    });
    expect(badNonce.error?.code).toBe('reauthentication_not_valid');
    const ok = await c.auth.updateUser({ password: 'second-pass-2', nonce: codeIn(mail.body)! });
    expect(ok.error).toBeNull();
  });

  it('ends sessions at the [auth.sessions] timebox and after inactivity', async () => {
    const { client } = localAuth({ sessions: { timebox: '24h', inactivity_timeout: '8h' } });
    const c = client();
    const { data } = await c.auth.signUp({ email: uniqueEmail(), password: 'timebox-1' });
    const first = await c.auth.refreshSession();
    expect(first.error).toBeNull();
    await stack.db.query(`update auth.sessions set updated_at = now() - interval '9 hours' where user_id = $1`, [
      data.user!.id,
    ]);
    await stack.db.query(`update auth.refresh_tokens set updated_at = now() - interval '9 hours' where user_id = $1`, [
      data.user!.id,
    ]);
    const idle = await c.auth.refreshSession();
    expect(idle.error?.code).toBe('session_expired');
    expect(idle.error?.message).toContain('Inactivity');

    const d = client();
    const second = await d.auth.signUp({ email: uniqueEmail(), password: 'timebox-2' });
    await stack.db.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [
      second.data.user!.id,
    ]);
    expect((await d.auth.refreshSession()).error?.code).toBe('session_expired');
  });

  it('refuses to pretend when a real SMS provider is configured, but test numbers still work', async () => {
    const sms = stackConfig().auth.sms;
    const { client, outbox, fetch } = localAuth({ sms: { ...sms, twilio: { enabled: true } } });
    const { error } = await client().auth.signInWithOtp({ phone: uniquePhone() });
    expect(error?.status).toBe(500);
    const res = await fetch('http://auth.test/auth/v1/otp', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ phone: uniquePhone() }),
    });
    expect(await res.json()).toMatchObject({
      code: 'sms_send_failed',
      message: expect.stringContaining('[auth.sms.twilio]'),
    });
    expect(outbox.list()).toEqual([]);
    expect((await client().auth.signInWithOtp({ phone: '+966500000004' })).data.messageId).toBe('test-otp');
  });
});

describe('phone MFA factors', () => {
  it('enrols a phone factor, sends the challenge code by SMS and verifies to aal2', async () => {
    const mfa = stackConfig().auth.mfa as Record<string, unknown>;
    const { client, outbox } = localAuth({ mfa: { ...mfa, phone: { enroll_enabled: true, verify_enabled: true } } });
    const c = client();
    await c.auth.signUp({ email: uniqueEmail(), password: 'phone-mfa-1' });
    const phone = uniquePhone();
    const enrolled = await c.auth.mfa.enroll({ factorType: 'phone', phone });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: 'phone', phone });
    const challenge = await c.auth.mfa.challenge({ factorId: enrolled.data!.id });
    expect(challenge.error).toBeNull();
    const sms = outbox.list().find((m) => m.kind === 'mfa')!;
    expect(sms.to).toBe(phone);
    const tooSoon = await c.auth.mfa.challenge({ factorId: enrolled.data!.id });
    expect(tooSoon.error?.code).toBe('over_sms_send_rate_limit');
    const wrong = await c.auth.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: challenge.data!.id,
      code: codeIn(sms.body) === '000000' ? '111111' : '000000',
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    const ok = await c.auth.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: challenge.data!.id,
      code: codeIn(sms.body)!,
    });
    expect(ok.error).toBeNull();
    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    expect(aal.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toContain(
      'mfa/phone',
    );
  });

  it('refuses phone factors while [auth.mfa.phone] is disabled', async () => {
    const { client } = localAuth();
    const c = client();
    await c.auth.signUp({ email: uniqueEmail(), password: 'phone-mfa-2' });
    const { error } = await c.auth.mfa.enroll({ factorType: 'phone', phone: uniquePhone() });
    expect(error?.code).toBe('mfa_phone_enroll_not_enabled');
  });
});

describe('error shape', () => {
  it('answers legacy clients (no API version header) with {code, error_code, msg}', async () => {
    const { fetch } = localAuth();
    const res = await fetch('http://auth.test/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'nope-nope' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const bad = await fetch('http://auth.test/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'x-supabase-api-version': '2024-01-01' },
      body: '{not json',
    });
    expect(await bad.json()).toMatchObject({ code: 'bad_json' });
    const unsupported = await fetch('http://auth.test/auth/v1/token?grant_type=id_token', {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'x-supabase-api-version': '2024-01-01' },
      body: '{}',
    });
    expect(unsupported.status).toBe(400);
    expect((await unsupported.json()).message).toMatch(/not supported by the local stack/);
    const oauth = await fetch('http://auth.test/auth/v1/authorize?provider=google', {
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(oauth.status).toBe(400);
    const link = await fetch('http://auth.test/auth/v1/user/identities/authorize?provider=google', {
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(await link.json()).toMatchObject({ code: 'manual_linking_disabled' });
  });
});
