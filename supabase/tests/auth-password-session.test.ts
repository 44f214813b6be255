/** E-mail/password sign-up and sign-in, getUser/updateUser, refresh rotation and sign-out scopes. */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct-horse-7';

async function signedIn(email: string, password = PASSWORD) {
  const client = stack.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, session: data.session! };
}

describe('password sign-up and sign-in', () => {
  it('signs up with a session (confirmations off) and the GoTrue user shape', async () => {
    const email = newEmail();
    const { data, error } = await stack
      .client()
      .auth.signUp({ email, password: PASSWORD, options: { data: { full_name: 'Sara' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Sara', email_verified: true },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.confirmed_at).toBeTruthy();
    expect(data.user?.last_sign_in_at).toBeTruthy();
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', id: data.user!.id, user_id: data.user!.id });
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({
      sub: data.user!.id,
      email,
      email_verified: true,
    });
    expect(decodeJwt(data.session!.access_token).amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('signs in, and refuses a wrong password or an unknown user with invalid_credentials', async () => {
    const email = newEmail();
    await stack.client().auth.signUp({ email, password: PASSWORD });
    const { session } = await signedIn(email);
    expect(session.user.email).toBe(email);
    for (const creds of [
      { email, password: 'wrong-password' },
      { email: newEmail(), password: PASSWORD },
    ]) {
      const { error } = await stack.client().auth.signInWithPassword(creds);
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('refuses a second sign-up and a weak password', async () => {
    const email = newEmail();
    await stack.client().auth.signUp({ email, password: PASSWORD });
    const again = await stack.client().auth.signUp({ email, password: PASSWORD });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
    const weak = await stack.client().auth.signUp({ email: newEmail(), password: '123' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
  });

  it('refuses anonymous sign-ins, which config.toml keeps off as hosted projects do', async () => {
    const { data, error } = await stack.client('anon').auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
  });

  it('signs up and in with a phone number and password', async () => {
    const phone = `+9665${String(Date.now()).slice(-8)}`;
    const { data, error } = await stack.client().auth.signUp({ phone, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone.slice(1));
    const signIn = await stack.client().auth.signInWithPassword({ phone, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(data.user?.id);
  });
});

describe('user endpoint', () => {
  it('reads and updates the user (metadata merge, password change)', async () => {
    const email = newEmail();
    await stack.client().auth.signUp({ email, password: PASSWORD, options: { data: { a: 1 } } });
    const { client } = await signedIn(email);
    const got = await client.auth.getUser();
    expect(got.data.user?.email).toBe(email);

    const upd = await client.auth.updateUser({ data: { b: 2 } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toMatchObject({ a: 1, b: 2 });

    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    const changed = await client.auth.updateUser({ password: 'another-pass-8' });
    expect(changed.error).toBeNull();
    expect((await stack.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await stack.client().auth.signInWithPassword({ email, password: 'another-pass-8' })).error).toBeNull();
  });

  it('refuses app_metadata from the user and a bad token', async () => {
    const email = newEmail();
    await stack.client().auth.signUp({ email, password: PASSWORD });
    const { client } = await signedIn(email);
    // auth-js has no app_metadata option; send it the way a hand-rolled client would.
    const res = await fetch(`${stack.apiUrl}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ app_metadata: { is_super_admin: true } }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'not_admin' });
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const bad = await stack.client().auth.getUser('not-a-jwt');
    expect(bad.error?.status).toBe(403);
    expect(bad.error?.code).toBe('bad_jwt');
  });
});

describe('refresh tokens', () => {
  it('rotates, hands back the active token to a parent, and ends the session on later reuse', async () => {
    const email = newEmail();
    await stack.client().auth.signUp({ email, password: PASSWORD });
    const { client, session } = await signedIn(email);
    const first = session.refresh_token;

    const r1 = await client.auth.refreshSession({ refresh_token: first });
    expect(r1.error).toBeNull();
    const second = r1.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(decodeJwt(r1.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    // The client lost the answer and presents the parent again: it gets the active token back.
    const r2 = await client.auth.refreshSession({ refresh_token: first });
    expect(r2.error).toBeNull();
    expect(r2.data.session!.refresh_token).toBe(second);

    const r3 = await client.auth.refreshSession({ refresh_token: second });
    expect(r3.error).toBeNull();
    const third = r3.data.session!.refresh_token;

    const unknown = await client.auth.refreshSession({ refresh_token: 'nosuchtoken1' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');

    // Outside the 10 s reuse interval, presenting a used token ends the whole session (its
    // refresh tokens go with it), and at once: no reuse window reopens for the last token.
    await new Promise((r) => setTimeout(r, 10_500));
    const reuse = await client.auth.refreshSession({ refresh_token: first });
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    const afterRevoke = await client.auth.refreshSession({ refresh_token: third });
    expect(afterRevoke.data.session).toBeNull();
    expect(afterRevoke.error?.code).toBe('refresh_token_not_found');
  }, 40_000);
});

describe('sign-out scopes', () => {
  it('local ends one session, others the rest, global all of them', async () => {
    const email = newEmail();
    await stack.client().auth.signUp({ email, password: PASSWORD });
    const a = await signedIn(email);
    const b = await signedIn(email);
    const c = await signedIn(email);

    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    const aGone = await stack.client().auth.getUser(a.session.access_token);
    expect(aGone.error?.name).toBe('AuthSessionMissingError');
    expect((await stack.client().auth.getUser(b.session.access_token)).error).toBeNull();

    expect((await b.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await stack.client().auth.getUser(c.session.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await stack.client().auth.getUser(b.session.access_token)).error).toBeNull();

    const d = await signedIn(email);
    expect((await b.client.auth.signOut()).error).toBeNull();
    expect((await stack.client().auth.getUser(b.session.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await stack.client().auth.getUser(d.session.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await d.client.auth.refreshSession({ refresh_token: d.session.refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );
  });
});
