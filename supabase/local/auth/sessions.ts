/**
 * Sessions, access tokens and refresh-token rotation (GoTrue internal/tokens/service.go,
 * models/refresh_token.go, models/sessions.go), all state in auth.sessions / refresh_tokens /
 * mfa_amr_claims.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { JwtError, signJwt, verifyJwt } from '../keys';
import type { Sql } from '../types';
import type { AuthContext, RequestInfo } from './context';
import { AuthError, badRequest, forbidden } from './errors';
import { bearerToken } from './http';
import { getUser, isBanned, updateUser, userJson, type UserRow } from './store';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date | string;
  updated_at: Date | string;
  factor_id: string | null;
  aal: 'aal1' | 'aal2' | 'aal3' | null;
  not_after: Date | string | null;
}

interface RefreshTokenRow {
  id: string | number;
  token: string;
  user_id: string;
  revoked: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  parent: string | null;
  session_id: string | null;
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** crypto.SecureAlphanumeric(12), the shape of GoTrue's refresh tokens. */
function newRefreshToken(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

const MFA_METHODS = new Set(['totp', 'mfa/totp', 'mfa/phone', 'mfa/webauthn']);

async function amrClaims(tx: Sql, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await tx.query<{ authentication_method: string; created_at: Date | string }>(
    'select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc',
    [sessionId],
  );
  return rows.map((r) => ({
    method: r.authentication_method,
    timestamp: Math.floor(new Date(r.created_at).getTime() / 1000),
  }));
}

async function accessToken(ctx: AuthContext, tx: Sql, user: UserRow, session: SessionRow) {
  const amr = await amrClaims(tx, session.id);
  const aal = amr.some((c) => MFA_METHODS.has(c.method)) ? 'aal2' : (session.aal ?? 'aal1');
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.cfg.jwtExpiry;
  const token = await signJwt(
    {
      iss: ctx.cfg.jwtIssuer,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      exp,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal,
      amr,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    ctx.keys,
  );
  return { token, exp };
}

async function sessionResponse(ctx: AuthContext, tx: Sql, user: UserRow, session: SessionRow, refreshToken: string) {
  const { token, exp } = await accessToken(ctx, tx, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.cfg.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

export type SessionResponse = Awaited<ReturnType<typeof sessionResponse>>;

async function insertRefreshToken(tx: Sql, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

export async function addAmrClaim(tx: Sql, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now(), created_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

/** Starts a session for a signed-in user (GoTrue issueRefreshToken) and returns the session JSON. */
export async function issueSession(
  ctx: AuthContext,
  tx: Sql,
  info: RequestInfo,
  user: UserRow,
  method: string,
): Promise<SessionResponse> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4) returning *`,
    [randomUUID(), user.id, info.userAgent, info.ip],
  );
  const session = rows[0]!;
  await addAmrClaim(tx, session.id, method);
  const refresh = await insertRefreshToken(tx, user.id, session.id, null);
  const signedIn = await updateUser(tx, user.id, { last_sign_in_at: new Date() });
  await tx.query('update auth.identities set last_sign_in_at = now() where user_id = $1', [user.id]);
  return sessionResponse(ctx, tx, signedIn, session, refresh);
}

/** Raises a session to aal2 after an MFA verification and returns fresh tokens for it. */
export async function upgradeSession(
  ctx: AuthContext,
  tx: Sql,
  user: UserRow,
  sessionId: string,
  factorId: string,
  method: string,
) {
  const { rows } = await tx.query<SessionRow>(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1 returning *`,
    [sessionId, factorId],
  );
  const session = rows[0];
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  await addAmrClaim(tx, sessionId, method);
  // GoTrue revokes the session's old refresh tokens and issues a new one.
  await tx.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
    [sessionId],
  );
  const refresh = await insertRefreshToken(tx, user.id, sessionId, null);
  return sessionResponse(ctx, tx, user, session, refresh);
}

/**
 * What a presented revoked token may get. GoTrue's legacy rules (token/service.go) hand the
 * active token to its parent at any time and mint a new child for any revoked token inside
 * the reuse interval, counted from the token's `updated_at` — which revoking the family sets
 * to now, so a replay right after a reuse was detected reopened the window and a new token
 * came out of a session that was just ended. The local rules (docs/local-auth.md) follow
 * GoTrue's newer refresh-token scheme instead:
 * - a token rotated less than the reuse interval ago (its child's creation) gets the session's
 *   current token back, never a new branch, and only while the session is alive;
 * - anything else ends the whole session: a rotated token replayed later, a token revoked
 *   without being rotated (by an MFA upgrade or by revocation), a token of a session that has
 *   no live token.
 */
async function replayOfRevoked(
  ctx: AuthContext,
  tx: Sql,
  token: RefreshTokenRow,
  sessionId: string,
): Promise<{ handBack: string } | { endSession: true }> {
  const { rows: active } = await tx.query<RefreshTokenRow>(
    'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
    [sessionId],
  );
  const { rows: children } = await tx.query<{ created_at: Date | string }>(
    'select created_at from auth.refresh_tokens where session_id = $1 and parent = $2 order by id limit 1',
    [sessionId, token.token],
  );
  const rotatedAt = children[0] ? new Date(children[0].created_at).getTime() : null;
  const insideInterval = rotatedAt !== null && Date.now() <= rotatedAt + ctx.cfg.refreshTokenReuseInterval * 1000;
  if (insideInterval && active[0]) return { handBack: active[0].token };
  return { endSession: true };
}

/** grant_type=refresh_token with rotation and reuse detection (token/service.go RefreshTokenGrant). */
export async function refreshTokenGrant(ctx: AuthContext, refreshToken: string): Promise<SessionResponse> {
  // Reuse detection ends the session and must commit before failing.
  let failure: AuthError | null = null;
  const result = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [
      refreshToken,
    ]);
    const token = rows[0];
    if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await getUser(tx, token.user_id);
    if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    const { rows: sessions } = token.session_id
      ? await tx.query<SessionRow>('select * from auth.sessions where id = $1 for update', [token.session_id])
      : { rows: [] as SessionRow[] };
    const session = sessions[0];
    if (!session) {
      await tx.query('delete from auth.refresh_tokens where id = $1', [token.id]);
      throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    // Session.CheckValidity: not_after, [auth.sessions] timebox and inactivity_timeout.
    const now = Date.now();
    const { sessionTimebox, sessionInactivityTimeout } = ctx.cfg;
    if (
      (session.not_after && new Date(session.not_after).getTime() < now) ||
      (sessionTimebox > 0 && new Date(session.created_at).getTime() + sessionTimebox * 1000 < now)
    ) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }
    // updated_at moves with refreshed_at here (and is a timestamptz, unlike refreshed_at).
    const lastActive = Math.max(new Date(session.updated_at).getTime(), new Date(token.updated_at).getTime());
    if (sessionInactivityTimeout > 0 && lastActive + sessionInactivityTimeout * 1000 < now) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired (Inactivity)');
    }
    let issued: string | null = null;
    if (token.revoked) {
      const verdict = await replayOfRevoked(ctx, tx, token, session.id);
      if ('endSession' in verdict) {
        // GoTrue's LogoutSession on reuse: the session row goes, and with it every refresh
        // token and AMR claim of it (cascade); its access tokens get session_not_found from
        // /auth/v1. With rotation off, GoTrue only refuses.
        if (ctx.cfg.enableRefreshTokenRotation) await tx.query('delete from auth.sessions where id = $1', [session.id]);
        failure = badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        return null;
      }
      issued = verdict.handBack;
    }
    if (!issued) {
      issued = await insertRefreshToken(tx, user.id, session.id, token.token);
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
    }
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`,
      [session.id],
    );
    return sessionResponse(ctx, tx, user, session, issued);
  });
  if (failure) throw failure;
  return result!;
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow | null;
  claims: Record<string, unknown>;
}

/** GoTrue's requireAuthentication + loadUser + loadSession, with its error codes. */
export async function authenticate(ctx: AuthContext, tx: Sql, info: RequestInfo): Promise<Authenticated> {
  const token = bearerToken(info.req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let claims: Record<string, unknown>;
  try {
    claims = (await verifyJwt(token, ctx.keys)) as Record<string, unknown>;
  } catch (err) {
    const detail =
      err instanceof JwtError && err.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'token signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await getUser(tx, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | null = null;
  if (typeof claims.session_id === 'string' && claims.session_id) {
    const { rows } = await tx.query<SessionRow>('select * from auth.sessions where id = $1', [claims.session_id]);
    session = rows[0] ?? null;
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, session, claims };
}

/** POST /logout?scope=global|local|others (models.Logout / LogoutSession / LogoutAllExceptMe). */
export async function logout(tx: Sql, auth: Authenticated, scope: string): Promise<void> {
  const sessionId = auth.session?.id ?? null;
  if (scope === 'local' && sessionId) {
    await tx.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others' && sessionId) {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [auth.user.id, sessionId]);
  } else if (scope === 'global' || !sessionId) {
    await tx.query('delete from auth.sessions where user_id = $1', [auth.user.id]);
    await tx.query('delete from auth.refresh_tokens where user_id = $1', [auth.user.id]);
  }
}
