/** POST /otp, POST|GET /verify, POST /resend, POST /recover (GoTrue otp.go, verify.go, resend.go, recover.go). */
import type { Sql } from '../types';
import {
  confirmEmail,
  confirmPhone,
  createFlowState,
  createUserWithIdentity,
  ensureIdentity,
  isPkce,
  issueAuthCode,
  validatePkceParams,
  type FlowMethod,
} from './account';
import type { AuthContext, RequestInfo } from './context';
import { AuthError, badRequest, forbidden, tooManyRequests, unprocessable } from './errors';
import { json, obj, readJson, str, type JsonBody } from './http';
import { resolveRedirect } from './redirect';
import { clearOneTimeTokens, prepareEmailOtp, sendPhoneOtp, testOtp, tokenHash } from './send';
import { issueSession } from './sessions';
import { findUserByEmail, findUserByPhone, isBanned, updateIdentityData, updateUser, type UserRow } from './store';
import { validateEmail, validatePhone } from './validate';

const OTP_INVALID = () => forbidden('otp_expired', 'Token has expired or is invalid');

/** One try of a typed code, counted by otp-attempts.ts (codes sent by SMS or e-mail, not links). */
interface CodeAttempt {
  recipient: string;
  /** Names the code that was live (user, columns and stored hashes), null when there was none. */
  codeKey: string | null;
  userId: string | null;
  columns: (keyof UserRow)[];
  hashes: string[];
  /** The code already had its last try: nothing is compared. */
  dead: boolean;
}

/** A wrong (or dead, or expired) code: GoTrue's 403 otp_expired, carrying the try to settle. */
class WrongCode extends AuthError {
  constructor(readonly attempt: CodeAttempt) {
    super(403, 'otp_expired', 'Token has expired or is invalid');
  }
}

function beginAttempt(ctx: AuthContext, recipient: string, user: UserRow | undefined, columns: (keyof UserRow)[]) {
  const hashes = user ? columns.map((c) => String(user[c] ?? '')) : [];
  const codeKey = user && hashes.some(Boolean) ? `${user.id}:${columns.join('+')}:${hashes.join('+')}` : null;
  const verdict = ctx.otpAttempts.begin(recipient, codeKey);
  if (verdict === 'locked') throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  const attempt: CodeAttempt = {
    recipient,
    codeKey,
    userId: user?.id ?? null,
    columns,
    hashes,
    dead: verdict === 'dead',
  };
  return attempt;
}

/** After a wrong try: a code that has had its last try is cleared, so even the right digits fail. */
async function settleWrongCode(ctx: AuthContext, attempt: CodeAttempt): Promise<void> {
  if (!attempt.userId || !ctx.otpAttempts.spent(attempt.codeKey)) return;
  await ctx.db.transaction(async (tx) => {
    for (const [i, column] of attempt.columns.entries()) {
      const hash = attempt.hashes[i];
      if (!hash) continue;
      // Only if it is still that code (a new one may have been sent meanwhile). Column names come from this file.
      await tx.query(`update auth.users set ${column} = '' where id = $1 and ${column} = $2`, [attempt.userId, hash]);
      await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2 and token_hash = $3', [
        attempt.userId,
        column,
        hash,
      ]);
    }
  });
}

function redirectParam(ctx: AuthContext, info: RequestInfo, body?: JsonBody): string {
  return resolveRedirect(ctx.cfg, info.url.searchParams.get('redirect_to') ?? str(body?.redirect_to));
}

async function startEmailFlow(
  ctx: AuthContext,
  tx: Sql,
  info: RequestInfo,
  user: UserRow,
  kind: 'magiclink' | 'signup' | 'recovery',
  body: JsonBody,
) {
  if (isPkce(body.code_challenge)) {
    const method: FlowMethod = kind === 'signup' ? 'email/signup' : kind;
    await createFlowState(
      tx,
      user.id,
      method,
      kind === 'signup' ? 'email' : kind,
      str(body.code_challenge),
      str(body.code_challenge_method),
    );
  }
  await prepareEmailOtp(ctx, tx, info, user, kind, {
    to: user.email!,
    redirectTo: redirectParam(ctx, info, body),
    send: true,
  });
}

export async function postOtp(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  ctx.limiter.check('otp', info.ip);
  const body = await readJson(info.req);
  const data = obj(body.data) ?? {};
  const createUser = body.create_user !== false;
  if (body.email && body.phone)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  validatePkceParams(body.code_challenge, body.code_challenge_method);
  if (body.phone) {
    if (!ctx.cfg.sms.enableSignup) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    const phone = validatePhone(body.phone);
    const messageId = await ctx.db.transaction(async (tx) => {
      let user = await findUserByPhone(tx, phone);
      if (!user) {
        if (!createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
        if (!ctx.cfg.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
        user = await createUserWithIdentity(tx, { provider: 'phone', phone, data });
        // With SMS autoconfirm GoTrue's signup confirms the phone at once, then sends the OTP.
        if (ctx.cfg.sms.autoconfirm) user = await confirmPhone(tx, user);
      }
      return sendPhoneOtp(ctx, tx, info, user, phone, 'confirmation');
    });
    return json({ message_id: messageId });
  }
  if (body.email) {
    if (!ctx.cfg.email.enableSignup) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
    const email = validateEmail(body.email);
    await ctx.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (!user) {
        if (!createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
        if (!ctx.cfg.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
        user = await createUserWithIdentity(tx, { provider: 'email', email, data });
      }
      if (!user.email_confirmed_at && !ctx.cfg.email.autoconfirm)
        return startEmailFlow(ctx, tx, info, user, 'signup', body);
      if (!user.email_confirmed_at) user = await confirmEmail(tx, user);
      return startEmailFlow(ctx, tx, info, user, 'magiclink', body);
    });
    return json({});
  }
  throw badRequest('validation_failed', 'An email address or phone number is required');
}

export type VerifyType =
  'sms' | 'phone_change' | 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email';
const VERIFY_TYPES = new Set<VerifyType>([
  'sms',
  'phone_change',
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
]);

const EMAIL_TOKEN_COLUMNS: Record<string, (keyof UserRow)[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

const SENT_AT: Partial<Record<keyof UserRow, keyof UserRow>> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  email_change_token_current: 'email_change_sent_at',
  phone_change_token: 'phone_change_sent_at',
};

function notExpired(user: UserRow, column: keyof UserRow, expirySeconds: number): boolean {
  const sent = user[SENT_AT[column]!] as Date | string | null;
  return !!sent && new Date(sent).getTime() + expirySeconds * 1000 > Date.now();
}

interface Verified {
  user: UserRow;
  /** Which stored token matched (decides what the verification confirms). */
  column: keyof UserRow | 'test_otp';
  /** The counted try when a typed code matched (its count is cleared on success). */
  attempt?: CodeAttempt;
}

async function findVerified(
  ctx: AuthContext,
  tx: Sql,
  type: VerifyType,
  p: { token: string; tokenHash: string; email: string; phone: string },
): Promise<Verified> {
  if (type === 'sms' || type === 'phone_change') {
    const phone = validatePhone(p.phone);
    const { rows } = await tx.query<UserRow>(
      type === 'sms' ? 'select * from auth.users where phone = $1' : 'select * from auth.users where phone_change = $1',
      [phone],
    );
    const user = rows[0];
    const column = type === 'sms' ? 'confirmation_token' : 'phone_change_token';
    const matches = (u: UserRow) =>
      !!p.token && u[column] === tokenHash(phone, p.token) && notExpired(u, column, ctx.cfg.sms.otpExpiry);
    const fixed = testOtp(ctx, phone);
    if (fixed) {
      // A test number's code is public by design: GoTrue matches it directly, with no expiry,
      // and it is not counted against the attempt limits (which protect real numbers).
      if (user && p.token === fixed) return { user, column: 'test_otp' };
      if (user && matches(user)) return { user, column };
      throw OTP_INVALID();
    }
    const attempt = beginAttempt(ctx, `phone:${phone}`, user, [column]);
    if (user && !attempt.dead && matches(user)) return { user, column, attempt };
    throw new WrongCode(attempt);
  }
  const columns = EMAIL_TOKEN_COLUMNS[type]!;
  if (p.tokenHash) {
    const where = columns.map((c) => `${c} = $1`).join(' or ');
    const { rows } = await tx.query<UserRow>(`select * from auth.users where ${where} limit 1`, [p.tokenHash]);
    const user = rows[0];
    const column = user && columns.find((c) => user[c] === p.tokenHash);
    if (user && column && notExpired(user, column, ctx.cfg.email.otpExpiry)) return { user, column };
    throw OTP_INVALID();
  }
  const email = validateEmail(p.email);
  const { rows } = await tx.query<UserRow>(
    type === 'email_change'
      ? 'select * from auth.users where lower(email_change) = $1 or lower(email) = $1 order by (lower(email_change) = $1) desc limit 1'
      : 'select * from auth.users where lower(email) = $1 limit 1',
    [email],
  );
  const user = rows[0];
  if (!p.token) throw OTP_INVALID();
  const attempt = beginAttempt(ctx, `email:${email}`, user, columns);
  const hash = tokenHash(email, p.token);
  const column = user && !attempt.dead ? columns.find((c) => user[c] === hash) : undefined;
  if (user && column && notExpired(user, column, ctx.cfg.email.otpExpiry)) return { user, column, attempt };
  throw new WrongCode(attempt);
}

/** Applies a successful verification; returns the user to sign in, or a message for a first email-change leg. */
async function applyVerified(
  ctx: AuthContext,
  tx: Sql,
  type: VerifyType,
  v: Verified,
): Promise<{ user: UserRow } | { message: string }> {
  let user = v.user;
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  switch (type) {
    case 'sms':
      return { user: await confirmPhone(tx, user) };
    case 'phone_change': {
      user = await updateUser(tx, user.id, {
        phone: user.phone_change,
        phone_change: '',
        phone_change_token: '',
        phone_confirmed_at: new Date(),
      });
      await clearOneTimeTokens(tx, user.id, 'phone_change_token');
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('phone', $2::text) where user_id = $1 and provider = 'phone'`,
        [user.id, user.phone],
      );
      return { user: await ensureIdentity(tx, user, 'phone') };
    }
    case 'email_change': {
      const otherPending =
        v.column === 'email_change_token_new' ? user.email_change_token_current : user.email_change_token_new;
      const cleared = await updateUser(tx, user.id, {
        [v.column]: '',
        email_change_confirm_status: (user.email_change_confirm_status ?? 0) + 1,
      });
      if (ctx.cfg.email.doubleConfirmChanges && otherPending) {
        return { message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' };
      }
      user = await updateUser(tx, cleared.id, {
        email: cleared.email_change,
        email_change: '',
        email_change_token_new: '',
        email_change_token_current: '',
        email_change_confirm_status: 0,
        email_confirmed_at: cleared.email_confirmed_at ?? new Date(),
      });
      await updateIdentityData(tx, user.id, 'email', { email: user.email });
      await clearOneTimeTokens(tx, user.id);
      return { user: await ensureIdentity(tx, user, 'email') };
    }
    default: {
      if (v.column === 'recovery_token') {
        user = await updateUser(tx, user.id, { recovery_token: '' });
        await clearOneTimeTokens(tx, user.id, 'recovery_token');
      }
      return { user: await confirmEmail(tx, user) };
    }
  }
}

function verifyParams(src: JsonBody) {
  const type = str(src.type) as VerifyType;
  if (!VERIFY_TYPES.has(type)) throw badRequest('validation_failed', `Verify requires a verification type`);
  return {
    type,
    token: str(src.token).trim(),
    tokenHash: str(src.token_hash).trim(),
    email: str(src.email),
    phone: str(src.phone),
  };
}

export async function postVerify(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  ctx.limiter.check('verify', info.ip);
  const body = await readJson(info.req);
  const p = verifyParams(body);
  if (!p.token && !p.tokenHash)
    throw unprocessable('validation_failed', 'Verify requires either a token or a token hash');
  let attempt: CodeAttempt | undefined;
  const response = await ctx.db
    .transaction(async (tx) => {
      const verified = await findVerified(ctx, tx, p.type, p);
      attempt = verified.attempt;
      const result = await applyVerified(ctx, tx, p.type, verified);
      if ('message' in result) return { msg: result.message, code: 200 };
      return issueSession(ctx, tx, info, result.user, 'otp');
    })
    .catch(async (err: unknown) => {
      if (err instanceof WrongCode) await settleWrongCode(ctx, err.attempt);
      throw err;
    });
  if (attempt) ctx.otpAttempts.succeed(attempt.recipient, attempt.codeKey);
  return json(response);
}

const LINK_METHODS: Partial<Record<VerifyType, FlowMethod>> = {
  signup: 'email/signup',
  email: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** GET /verify: e-mail links. Redirects with `?code=` (PKCE) or a session in the fragment (implicit). */
export async function getVerify(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  ctx.limiter.check('verify', info.ip);
  const q = info.url.searchParams;
  const redirectTo = resolveRedirect(ctx.cfg, q.get('redirect_to'));
  const redirect = (location: string) => new Response(null, { status: 303, headers: { location } });
  try {
    const p = verifyParams({ type: q.get('type') ?? '', token_hash: q.get('token') ?? '' });
    if (p.type === 'sms' || p.type === 'phone_change')
      throw badRequest('validation_failed', 'Phone verification is not possible with a link');
    const target = await ctx.db.transaction(async (tx) => {
      const verified = await findVerified(ctx, tx, p.type, p);
      const result = await applyVerified(ctx, tx, p.type, verified);
      const u = new URL(redirectTo);
      if ('message' in result) {
        u.hash = new URLSearchParams({ message: result.message }).toString();
        return u.toString();
      }
      const code = await issueAuthCode(tx, result.user.id, LINK_METHODS[p.type] ?? 'magiclink');
      if (code) {
        u.searchParams.set('code', code);
        return u.toString();
      }
      const s = await issueSession(ctx, tx, info, result.user, LINK_METHODS[p.type] ?? 'otp');
      u.hash = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: 'bearer',
        type: p.type,
      }).toString();
      return u.toString();
    });
    return redirect(target);
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    const u = new URL(redirectTo);
    const description = err.code === 'otp_expired' ? 'Email link is invalid or has expired' : err.message;
    u.hash = new URLSearchParams({
      error: 'access_denied',
      error_code: err.code,
      error_description: description,
    }).toString();
    return redirect(u.toString());
  }
}

export async function postResend(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  ctx.limiter.check('resend', info.ip);
  const body = await readJson(info.req);
  const type = str(body.type);
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  const wantsPhone = type === 'sms' || type === 'phone_change';
  if (body.email && body.phone)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if (wantsPhone && !body.phone) throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (!wantsPhone && !body.email) throw badRequest('validation_failed', 'Type provided requires an email address');
  if (wantsPhone) {
    const phone = validatePhone(body.phone);
    const messageId = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>(
        type === 'sms'
          ? 'select * from auth.users where phone = $1'
          : 'select * from auth.users where phone_change = $1',
        [phone],
      );
      const user = rows[0];
      if (!user) return null;
      // Already confirmed: the same empty answer as for unknown numbers (resend.go).
      if (type === 'sms' && user.phone_confirmed_at) return null;
      return sendPhoneOtp(ctx, tx, info, user, phone, type === 'sms' ? 'confirmation' : 'phone_change');
    });
    return json(messageId ? { message_id: messageId } : {});
  }
  const email = validateEmail(body.email);
  await ctx.db.transaction(async (tx) => {
    if (type === 'signup') {
      const user = await findUserByEmail(tx, email);
      if (!user) return;
      if (user.email_confirmed_at) return;
      await startEmailFlow(ctx, tx, info, user, 'signup', body);
      return;
    }
    const { rows } = await tx.query<UserRow>('select * from auth.users where lower(email_change) = $1 limit 1', [
      email,
    ]);
    const user = rows[0];
    if (!user) return;
    await prepareEmailOtp(ctx, tx, info, user, 'email_change', {
      to: email,
      redirectTo: redirectParam(ctx, info, body),
      send: true,
    });
  });
  return json({});
}

export async function postRecover(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  ctx.limiter.check('recover', info.ip);
  const body = await readJson(info.req);
  validatePkceParams(body.code_challenge, body.code_challenge_method);
  const email = validateEmail(body.email);
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // Unknown addresses get the same answer, so the endpoint does not reveal who has an account.
    if (user) await startEmailFlow(ctx, tx, info, user, 'recovery', body);
  });
  return json({});
}
