/**
 * Refresh-token reuse (issue 10, item 10): once a reuse is detected the whole session ends,
 * and the reuse window does not reopen when tokens are revoked; inside the window a replay
 * gets the session's current token back, never a new branch of the session.
 * The 10 s reuse interval is passed by moving a rotation's time back in auth.refresh_tokens
 * (fixture setup), not by waiting.
 */
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let auth: SupabaseClient['auth'];
beforeAll(async () => {
  stack = await createTestStack();
  auth = stack.client().auth;
});
afterAll(() => stack?.stop());

const PASSWORD = 'a-long-password-1';

async function signIn(): Promise<Session> {
  const email = `refresh-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  const { data, error } = await auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session) throw new Error(`sign-in: ${error?.message}`);
  return data.session;
}

const sessionIdOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { session_id: string }).session_id;

async function refresh(token: string) {
  const { data, error } = await auth.refreshSession({ refresh_token: token });
  return { token: data.session?.refresh_token ?? null, access: data.session?.access_token ?? null, error };
}

/** Moves the rotation of `token` (its successor's creation, and the token's own revocation) 11 s back. */
async function rotatedLongAgo(token: string) {
  await stack.db.query(
    `update auth.refresh_tokens set created_at = created_at - interval '11 seconds' where parent = $1`,
    [token],
  );
  await stack.db.query(
    `update auth.refresh_tokens set updated_at = updated_at - interval '11 seconds' where token = $1`,
    [token],
  );
}

describe('refresh-token reuse', () => {
  it('ends the whole session on a late reuse; its last token cannot reopen the reuse window', async () => {
    const session = await signIn();
    const first = session.refresh_token;
    const second = (await refresh(first)).token!;
    await rotatedLongAgo(first);

    const reuse = await refresh(first);
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });

    // The token that was live a moment ago, presented at once (inside 10 s of the revocation):
    // it must not mint a new token for the ended session.
    const revived = await refresh(second);
    expect(revived.token).toBeNull();
    expect(revived.error?.status).toBe(400);
    // The session is gone, for its access tokens too.
    const user = await stack.client().auth.getUser(session.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
    const { rows } = await stack.db.query('select 1 from auth.refresh_tokens where token = any($1)', [[first, second]]);
    expect(rows).toHaveLength(0);
  });

  it('hands a replay inside the interval the current token, not a new branch of the session', async () => {
    const session = await signIn();
    const first = session.refresh_token;
    const second = (await refresh(first)).token!;
    const third = (await refresh(second)).token!;

    // Two tabs raced with the first token: the late one gets the session's current token.
    const replay = await refresh(first);
    expect(replay.error).toBeNull();
    expect(replay.token).toBe(third);
    const { rows } = await stack.db.query<{ live: number }>(
      'select count(*)::int as live from auth.refresh_tokens where revoked = false and session_id = $1',
      [sessionIdOf(session.access_token)],
    );
    expect(rows[0]?.live).toBe(1);
    // And the session goes on with that token.
    expect((await refresh(third)).error).toBeNull();
  });

  it('ends the session when a token revoked without being rotated is presented', async () => {
    const session = await signIn();
    const sessionId = sessionIdOf(session.access_token);
    // Revocation without a successor (what an MFA upgrade does to the aal1 tokens) — then a
    // fresh token for the session, as the upgrade issues.
    await stack.db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [
      sessionId,
    ]);
    await stack.db.query(
      `insert into auth.refresh_tokens (token, user_id, revoked, session_id, created_at, updated_at)
       values ('upgradedtok1', $1, false, $2, now(), now())`,
      [session.user.id, sessionId],
    );

    const replay = await refresh(session.refresh_token);
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect((await refresh('upgradedtok1')).error?.status).toBe(400);
  });

  it('refuses every token after sign-out', async () => {
    const session = await signIn();
    const second = (await refresh(session.refresh_token)).token!;
    const client = stack.client({ accessToken: session.access_token });
    expect((await client.auth.admin.signOut(session.access_token, 'local')).error).toBeNull();
    for (const token of [session.refresh_token, second]) {
      const again = await refresh(token);
      expect(again.token).toBeNull();
      expect(again.error?.status).toBe(400);
    }
  });
});
