/**
 * Settings → Security → active sessions (issue 14): my_sessions() lists the caller's own sessions
 * (auth.sessions of auth.uid()) with the current one (the token's session_id) marked; signing out
 * the others (supabase.auth.signOut({ scope: 'others' })) leaves the current session working and
 * the others' refresh tokens refused; sign_out_session() ends one other session of the caller
 * only — another user's session is "not found", the current one is refused.
 *
 * Through supabase-js as two users with several sign-ins each, one of them from a known browser.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { typed, type Db } from './fixtures/db-accounts';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface Device {
  client: Db;
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

const sessionIdOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { session_id: string }).session_id;

/** A confirmed user with a password (admin API). */
async function newAccount() {
  const email = `sessions-${randomUUID().slice(0, 8)}@test.nuzl.example`;
  const password = `pw-${randomUUID()}`;
  const created = await stack.client('service_role').auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`createUser: ${created.error?.message}`);
  return { id: created.data.user.id, email, password };
}

/** One sign-in (one session), from the given browser, straight at the auth API as supabase-js does. */
async function signIn(account: { email: string; password: string }, userAgent = 'vitest'): Promise<Device> {
  const res = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; refresh_token: string };
  return {
    client: typed(stack.client({ accessToken: body.access_token })),
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    sessionId: sessionIdOf(body.access_token),
  };
}

async function sessionsOf(device: Device) {
  const { data, error } = await device.client.rpc('my_sessions');
  expect(error).toBeNull();
  return data!;
}

const refresh = (refreshToken: string) => stack.client('anon').auth.refreshSession({ refresh_token: refreshToken });

describe('my_sessions()', () => {
  it("lists the caller's own sessions only, the current one first and marked, with browser and address", async () => {
    const ana = await newAccount();
    const laptop = await signIn(ana);
    const phone = await signIn(ana, ANDROID_CHROME);
    const other = await signIn(await newAccount());

    const seen = await sessionsOf(phone);
    expect(seen.map((s) => s.id).sort()).toEqual([laptop.sessionId, phone.sessionId].sort());
    expect(seen[0]).toMatchObject({ id: phone.sessionId, is_current: true, user_agent: ANDROID_CHROME, aal: 'aal1' });
    expect(seen[0]!.ip).toMatch(/^[\d.:a-f]+$/);
    expect(seen[1]).toMatchObject({ id: laptop.sessionId, is_current: false, user_agent: 'vitest' });
    for (const s of seen) {
      expect(Date.parse(s.last_active_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    }

    // From the laptop the same two sessions, the laptop's marked; the other user sees only theirs.
    expect((await sessionsOf(laptop)).map((s) => [s.id, s.is_current])).toEqual([
      [laptop.sessionId, true],
      [phone.sessionId, false],
    ]);
    expect((await sessionsOf(other)).map((s) => s.id)).toEqual([other.sessionId]);
  });

  it('is closed to visitors', async () => {
    const { error } = await typed(stack.client('anon')).rpc('my_sessions');
    expect(error).not.toBeNull();
    expect(
      await stack.db.query(`select has_function_privilege('anon', 'public.my_sessions()', 'execute') as ok`),
    ).toMatchObject({ rows: [{ ok: false }] });
  });
});

describe('signing out the other sessions', () => {
  it('keeps the current session working and refuses the others their refresh', async () => {
    const ana = await newAccount();
    const here = await signIn(ana);
    const there = await signIn(ana, ANDROID_CHROME);
    const elsewhere = await signIn(ana);

    const auth = stack.client('anon').auth;
    const set = await auth.setSession({ access_token: here.accessToken, refresh_token: here.refreshToken });
    expect(set.error).toBeNull();
    expect((await auth.signOut({ scope: 'others' })).error).toBeNull();

    expect((await sessionsOf(here)).map((s) => [s.id, s.is_current])).toEqual([[here.sessionId, true]]);
    for (const gone of [there, elsewhere]) {
      const { error } = await refresh(gone.refreshToken);
      expect(error).toMatchObject({ status: 400 });
      // The auth service refuses its access token too (session_not_found), as hosted GoTrue does.
      expect((await stack.client({ accessToken: gone.accessToken }).auth.getUser()).error).not.toBeNull();
    }
    // The current session still refreshes and reads.
    const current = await auth.refreshSession();
    expect(current.error).toBeNull();
    expect(sessionIdOf(current.data.session!.access_token)).toBe(here.sessionId);
  });
});

describe('sign_out_session(target)', () => {
  it("ends one other session of the caller; someone else's or the current one is refused", async () => {
    const ana = await newAccount();
    const here = await signIn(ana);
    const there = await signIn(ana, ANDROID_CHROME);
    const kept = await signIn(ana);
    const mallory = await signIn(await newAccount());

    // Another user's session: not found, and it lives on.
    const foreign = await mallory.client.rpc('sign_out_session', { target: there.sessionId });
    expect(foreign.error).toMatchObject({ code: 'PT404' });
    expect((await sessionsOf(there)).map((s) => s.id)).toContain(there.sessionId);

    // The current session is the auth service's to end (logout, scope local).
    const self = await here.client.rpc('sign_out_session', { target: here.sessionId });
    expect(self.error).toMatchObject({ code: '22023' });

    expect((await here.client.rpc('sign_out_session', { target: there.sessionId })).error).toBeNull();
    expect((await sessionsOf(here)).map((s) => s.id).sort()).toEqual([here.sessionId, kept.sessionId].sort());
    expect((await refresh(there.refreshToken)).error).toMatchObject({ status: 400 });
    expect((await refresh(kept.refreshToken)).error).toBeNull();

    // Gone already: not found.
    const again = await here.client.rpc('sign_out_session', { target: there.sessionId });
    expect(again.error).toMatchObject({ code: 'PT404' });
  });
});
