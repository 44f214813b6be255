/** Creating and confirming accounts (GoTrue signupNewUser, createNewIdentity, User.Confirm/ConfirmPhone). */
import { createHash, randomUUID } from 'node:crypto';
import type { Sql } from '../types';
import { AuthError, badRequest, notFound } from './errors';
import { clearOneTimeTokens } from './send';
import {
  getUser,
  identityDataFor,
  insertIdentity,
  insertUser,
  mergeMetadata,
  updateIdentityData,
  updateUser,
  withProvider,
  type UserRow,
} from './store';

export interface SignupInput {
  provider: 'email' | 'phone';
  email?: string;
  phone?: string;
  encryptedPassword?: string;
  data?: Record<string, unknown>;
}

/** A new user with its email/phone identity; triggers on auth.users fire as on hosted Supabase. */
export async function createUserWithIdentity(tx: Sql, input: SignupInput): Promise<UserRow> {
  const user = await insertUser(tx, {
    email: input.email ?? null,
    phone: input.phone ?? null,
    encryptedPassword: input.encryptedPassword ?? '',
    userMetadata: input.data ?? {},
    appMetadata: { provider: input.provider, providers: [input.provider] },
  });
  await insertIdentity(tx, user, input.provider, identityDataFor(user, input.data));
  // A trigger may have changed the row: read it back, as GoTrue does.
  return (await getUser(tx, user.id))!;
}

export async function confirmEmail(tx: Sql, user: UserRow): Promise<UserRow> {
  const u = await updateUser(tx, user.id, {
    confirmation_token: '',
    email_confirmed_at: user.email_confirmed_at ?? new Date(),
    raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, { email_verified: true }),
  });
  await updateIdentityData(tx, user.id, 'email', { email_verified: true });
  await clearOneTimeTokens(tx, user.id);
  return u;
}

export async function confirmPhone(tx: Sql, user: UserRow): Promise<UserRow> {
  const u = await updateUser(tx, user.id, {
    confirmation_token: '',
    phone_confirmed_at: user.phone_confirmed_at ?? new Date(),
  });
  await clearOneTimeTokens(tx, user.id);
  return u;
}

/** Gives an existing user (e.g. anonymous, or email-only) an identity for another provider. */
export async function ensureIdentity(tx: Sql, user: UserRow, provider: 'email' | 'phone'): Promise<UserRow> {
  const { rows } = await tx.query('select 1 from auth.identities where user_id = $1 and provider = $2', [
    user.id,
    provider,
  ]);
  if (rows.length === 0) {
    const data = identityDataFor(user);
    if (provider === 'phone' && user.phone) data.phone = user.phone;
    await insertIdentity(tx, user, provider, data);
  } else if (provider === 'email' && user.email) {
    await updateIdentityData(tx, user.id, 'email', { email: user.email });
  }
  return updateUser(tx, user.id, {
    raw_app_meta_data: withProvider(user.raw_app_meta_data, provider),
    is_anonymous: false,
  });
}

// ---- PKCE flow state (models/flow_state.go) ----

export type FlowMethod = 'magiclink' | 'email/signup' | 'recovery' | 'invite' | 'email_change';

export function isPkce(codeChallenge: unknown): boolean {
  return typeof codeChallenge === 'string' && codeChallenge !== '';
}

export function validatePkceParams(codeChallenge: unknown, method: unknown): void {
  const hasChallenge = typeof codeChallenge === 'string' && codeChallenge !== '';
  const hasMethod = typeof method === 'string' && method !== '';
  if (hasChallenge !== hasMethod) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (hasMethod && !['s256', 'plain'].includes(String(method).toLowerCase())) {
    throw badRequest('validation_failed', `code challenge method not supported: ${String(method)}`);
  }
}

export async function createFlowState(
  tx: Sql,
  userId: string,
  method: FlowMethod,
  providerType: string,
  codeChallenge: string,
  codeChallengeMethod: string,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
    [randomUUID(), userId, randomUUID(), codeChallengeMethod.toLowerCase(), codeChallenge, providerType, method],
  );
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  authentication_method: string;
  created_at: Date | string;
}

/** The newest PKCE flow of a user for a method: GET /verify turns it into `?code=`. */
export async function issueAuthCode(tx: Sql, userId: string, method: FlowMethod): Promise<string | null> {
  const { rows } = await tx.query<FlowStateRow>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)
     returning *`,
    [userId, method],
  );
  return rows[0]?.auth_code ?? null;
}

const FLOW_STATE_TTL_MS = 5 * 60 * 1000;

/** grant_type=pkce: checks the verifier against the saved challenge and consumes the flow state. */
export async function consumeAuthCode(
  tx: Sql,
  authCode: string,
  codeVerifier: string,
): Promise<{ user: UserRow; method: string }> {
  const { rows } = await tx.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1', [authCode]);
  const flow = rows[0];
  if (!flow) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (new Date(flow.created_at).getTime() + FLOW_STATE_TTL_MS < Date.now()) {
    throw notFound('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const expected =
    flow.code_challenge_method === 'plain'
      ? codeVerifier
      : createHash('sha256').update(codeVerifier).digest('base64url');
  if (expected !== flow.code_challenge) {
    throw new AuthError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  const user = flow.user_id ? await getUser(tx, flow.user_id) : null;
  if (!user) throw notFound('user_not_found', 'User not found');
  return { user, method: flow.authentication_method };
}
