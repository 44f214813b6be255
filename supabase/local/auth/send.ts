/**
 * One-time codes and the messages that carry them (GoTrue mail.go / phone.go): codes are stored
 * as hex(sha224(email-or-phone + code)) in the user's token column and in auth.one_time_tokens;
 * the message goes to the local outbox (there is no SMTP/SMS provider offline).
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Sql } from '../types';
import type { AuthContext, RequestInfo } from './context';
import { AuthError, tooManyRequests } from './errors';
import { updateUser, type UserRow } from './store';

export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

export function generateOtp(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(10));
  return s;
}

type OneTimeTokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token';

export async function saveOneTimeToken(
  tx: Sql,
  userId: string,
  type: OneTimeTokenType,
  hash: string,
  relatesTo: string,
): Promise<void> {
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), userId, type, hash, relatesTo],
  );
}

export async function clearOneTimeTokens(tx: Sql, userId: string, type?: OneTimeTokenType): Promise<void> {
  if (type) await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
  else await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}

function frequencyError(code: string, sentAt: Date | string | null, maxFrequency: number): AuthError | null {
  if (!sentAt) return null;
  const wait = new Date(sentAt).getTime() + maxFrequency * 1000 - Date.now();
  if (wait <= 0) return null;
  return tooManyRequests(
    code,
    `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
  );
}

function providerMissing(kind: 'sms' | 'email', provider: string): AuthError {
  const message = `[auth.${kind}.${provider}] is enabled, but the local stack cannot reach real providers; disable it to use the local outbox`;
  // auth-js does not show the body of a 5xx, so say it in the server log too (as GoTrue logs send failures).
  console.error(`[auth] ${message}`);
  return new AuthError(500, kind === 'sms' ? 'sms_send_failed' : 'unexpected_failure', message);
}

export type PhoneOtpKind = 'confirmation' | 'phone_change' | 'reauthentication';

const PHONE_COLUMNS = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', ott: 'confirmation_token' },
  phone_change: { token: 'phone_change_token', sentAt: 'phone_change_sent_at', ott: 'phone_change_token' },
  reauthentication: {
    token: 'reauthentication_token',
    sentAt: 'reauthentication_sent_at',
    ott: 'reauthentication_token',
  },
} as const;

/** sendPhoneConfirmation: frequency check first (even for test numbers), then test OTP or a new code. */
export async function sendPhoneOtp(
  ctx: AuthContext,
  tx: Sql,
  info: RequestInfo,
  user: UserRow,
  phone: string,
  kind: PhoneOtpKind,
): Promise<string> {
  const cols = PHONE_COLUMNS[kind];
  const tooSoon = frequencyError('over_sms_send_rate_limit', user[cols.sentAt], ctx.cfg.sms.maxFrequency);
  if (tooSoon) throw tooSoon;
  let otp = testOtp(ctx, phone);
  let messageId = 'test-otp';
  if (!otp) {
    if (!ctx.cfg.sms.autoconfirm && !ctx.limiter.allow('sms_sent', info.ip)) {
      throw tooManyRequests('over_sms_send_rate_limit', 'SMS rate limit exceeded');
    }
    otp = generateOtp(ctx.cfg.sms.otpLength);
    messageId = deliverSms(ctx, phone, ctx.cfg.sms.template, otp, kind === 'confirmation' ? 'otp' : kind);
  }
  const hash = tokenHash(phone, otp);
  const patch: Partial<Record<keyof UserRow, unknown>> = { [cols.token]: hash, [cols.sentAt]: new Date() };
  if (kind === 'phone_change') patch.phone_change = phone;
  await updateUser(tx, user.id, patch);
  await saveOneTimeToken(tx, user.id, cols.ott, hash, phone);
  return messageId;
}

/** Sends an SMS through the outbox (or fails loudly if a real provider is configured); returns its id. */
export function deliverSms(ctx: AuthContext, phone: string, template: string, otp: string, kind: string): string {
  if (ctx.cfg.sms.provider) throw providerMissing('sms', ctx.cfg.sms.provider);
  const body = template.replace(/\{\{\s*\.Code\s*\}\}/g, otp);
  return ctx.outbox.add({ channel: 'sms', to: `+${phone}`, body, kind }).id;
}

/** The fixed code of a test number, unless `test_otp_valid_until` has passed. */
export function testOtp(ctx: AuthContext, phone: string): string | null {
  const until = ctx.cfg.sms.testOtpValidUntil;
  if (until !== null && Date.now() > until) return null;
  return ctx.cfg.sms.testOtp.get(phone) ?? null;
}

export type EmailKind = 'signup' | 'magiclink' | 'recovery' | 'invite' | 'email_change' | 'reauthentication';

const EMAIL_COLUMNS = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', ott: 'confirmation_token' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', ott: 'confirmation_token' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at', ott: 'recovery_token' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', ott: 'recovery_token' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at', ott: 'email_change_token_new' },
  reauthentication: {
    token: 'reauthentication_token',
    sentAt: 'reauthentication_sent_at',
    ott: 'reauthentication_token',
  },
} as const;

// GoTrue's default subjects (internal/mailer/template.go).
const SUBJECTS: Record<EmailKind, string> = {
  signup: 'Confirm Your Signup',
  invite: 'You have been invited',
  magiclink: 'Your Magic Link',
  recovery: 'Reset Your Password',
  email_change: 'Confirm Email Change',
  reauthentication: 'Confirm reauthentication',
};

export interface EmailLink {
  otp: string;
  hashedToken: string;
  actionLink: string;
}

/** The link GoTrue's templates call {{ .ConfirmationURL }}: the auth server's /verify with the hashed token. */
export function confirmationUrl(ctx: AuthContext, hashedToken: string, type: string, redirectTo: string): string {
  const u = new URL(`${ctx.apiUrl}/auth/v1/verify`);
  u.searchParams.set('token', hashedToken);
  u.searchParams.set('type', type);
  u.searchParams.set('redirect_to', redirectTo);
  return u.toString();
}

/** Creates a code for an e-mail flow, stores it on the user; `send: false` is generate_link (no message). */
export async function prepareEmailOtp(
  ctx: AuthContext,
  tx: Sql,
  info: RequestInfo,
  user: UserRow,
  kind: EmailKind,
  opts: { to: string; redirectTo: string; send: boolean; column?: 'email_change_token_current' },
): Promise<EmailLink> {
  const cols = EMAIL_COLUMNS[kind];
  if (opts.send) {
    if (ctx.cfg.email.smtpEnabled) throw providerMissing('email', 'smtp');
    const tooSoon = opts.column
      ? null
      : frequencyError('over_email_send_rate_limit', user[cols.sentAt], ctx.cfg.email.maxFrequency);
    if (tooSoon) throw tooSoon;
    if (!ctx.limiter.allow('email_sent', info.ip))
      throw tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded');
  }
  const otp = generateOtp(ctx.cfg.email.otpLength);
  const hashedToken = tokenHash(opts.to, otp);
  const tokenColumn = opts.column ?? cols.token;
  const patch: Partial<Record<keyof UserRow, unknown>> = { [tokenColumn]: hashedToken, [cols.sentAt]: new Date() };
  if (kind === 'invite') patch.invited_at = new Date();
  await updateUser(tx, user.id, patch);
  await saveOneTimeToken(tx, user.id, opts.column ?? cols.ott, hashedToken, opts.to);
  const verifyType = kind === 'email_change' ? 'email_change' : kind;
  const actionLink = confirmationUrl(ctx, hashedToken, verifyType, opts.redirectTo);
  if (opts.send) {
    // Both link styles: GoTrue's default {{ .ConfirmationURL }}, and the app-side
    // `{{ .SiteURL }}/verify?token_hash={{ .TokenHash }}&type=…` that custom templates use.
    const appLink = new URL('/verify', opts.redirectTo);
    appLink.searchParams.set('token_hash', hashedToken);
    appLink.searchParams.set('type', verifyType);
    const body =
      kind === 'reauthentication'
        ? `${SUBJECTS[kind]}\n\nEnter the code: ${otp}`
        : `${SUBJECTS[kind]}\n\nFollow this link: ${actionLink}\n\nOr open: ${appLink.toString()}\n\nOr enter this code: ${otp}`;
    ctx.outbox.add({ channel: 'email', to: opts.to, subject: SUBJECTS[kind], body, kind });
  }
  return { otp, hashedToken, actionLink };
}
