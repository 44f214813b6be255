/** POST /factors, /factors/{id}/challenge, /factors/{id}/verify, DELETE /factors/{id} (GoTrue mfa.go). */
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Sql } from '../types';
import type { AuthContext, RequestInfo } from './context';
import { AuthError, badRequest, forbidden, notFound, unprocessable } from './errors';
import { json, readJson, str } from './http';
import { deliverSms, generateOtp } from './send';
import { authenticate, upgradeSession, type Authenticated } from './sessions';
import { getUser, listFactors, type FactorRow } from './store';
import { validatePhone } from './validate';

/** How long a challenge can be verified (GoTrue MFA challenge_expiry_duration default). */
const CHALLENGE_EXPIRY_SECONDS = 300;

function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

export async function postFactors(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  const body = await readJson(info.req);
  const factorType = str(body.factor_type);
  if (factorType === 'phone') return enrollPhone(ctx, info, body);
  if (factorType === 'webauthn')
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (factorType !== 'totp') throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  if (!ctx.cfg.mfa.totpEnroll) throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  const friendlyName = str(body.friendly_name);
  const issuer = str(body.issuer) || new URL(ctx.cfg.siteUrl).host;
  const out = await ctx.db.transaction(async (tx) => {
    const auth = await authenticate(ctx, tx, info);
    await validateNewFactor(ctx, tx, auth, friendlyName);
    const secret = new Secret({ size: 20 }).base32;
    const totp = totpFor(secret, issuer, auth.user.email ?? '');
    const uri = totp.toString();
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
    const id = randomUUID();
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, auth.user.id, friendlyName, secret],
    );
    // The SVG markup itself: auth-js adds the `data:image/svg+xml;utf-8,` prefix.
    return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: svg, secret, uri } };
  });
  return json(out);
}

/** GoTrue's validateFactors: unique friendly name, factor limits, aal2 once a factor is verified. */
async function validateNewFactor(ctx: AuthContext, tx: Sql, auth: Authenticated, friendlyName: string): Promise<void> {
  const factors = await listFactors(tx, auth.user.id);
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (factors.length >= ctx.cfg.mfa.maxEnrolledFactors || verified >= ctx.cfg.mfa.maxEnrolledFactors) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && auth.session?.aal !== 'aal2')
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
}

/** Phone (SMS) factors: codes go to the outbox; GoTrue applies no test OTPs to MFA challenges. */
async function enrollPhone(ctx: AuthContext, info: RequestInfo, body: Record<string, unknown>): Promise<Response> {
  if (!ctx.cfg.mfa.phoneEnroll) throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (!str(body.phone)) throw badRequest('validation_failed', 'Phone number required to enroll Phone factor');
  const phone = validatePhone(body.phone);
  const friendlyName = str(body.friendly_name);
  const out = await ctx.db.transaction(async (tx) => {
    const auth = await authenticate(ctx, tx, info);
    const same = (await listFactors(tx, auth.user.id)).filter((f) => f.factor_type === 'phone' && f.phone === phone);
    if (same.some((f) => f.status === 'verified')) {
      throw unprocessable(
        'mfa_verified_factor_exists',
        'A verified phone factor already exists, unenroll the existing factor to continue',
      );
    }
    for (const f of same) await tx.query('delete from auth.mfa_factors where id = $1', [f.id]);
    await validateNewFactor(ctx, tx, auth, friendlyName);
    const id = randomUUID();
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone)
       values ($1, $2, $3, 'phone', 'unverified', now(), now(), $4)`,
      [id, auth.user.id, friendlyName, phone],
    );
    return { id, type: 'phone', friendly_name: friendlyName, phone: str(body.phone) };
  });
  return json(out);
}

async function loadFactor(tx: Sql, auth: Authenticated, factorId: string): Promise<FactorRow> {
  const factors = await listFactors(tx, auth.user.id);
  const factor = factors.find((f) => f.id === factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

export async function postChallenge(ctx: AuthContext, info: RequestInfo, factorId: string): Promise<Response> {
  ctx.limiter.check('mfa_challenge', info.ip);
  await readJson(info.req);
  const out = await ctx.db.transaction(async (tx) => {
    const auth = await authenticate(ctx, tx, info);
    const factor = await loadFactor(tx, auth, factorId);
    requireVerifyEnabled(ctx, factor);
    let otp: string | null = null;
    if (factor.factor_type === 'phone') {
      const last = factor.last_challenged_at ? new Date(factor.last_challenged_at).getTime() : 0;
      const wait = last + ctx.cfg.mfa.phoneMaxFrequency * 1000 - Date.now();
      if (wait > 0) {
        throw new AuthError(
          429,
          'over_sms_send_rate_limit',
          `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
        );
      }
      otp = generateOtp(ctx.cfg.mfa.phoneOtpLength);
      deliverSms(ctx, factor.phone ?? '', ctx.cfg.mfa.phoneTemplate, otp, 'mfa');
    }
    const id = randomUUID();
    const { rows } = await tx.query<{ created_at: Date | string }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code) values ($1, $2, now(), $3, $4) returning created_at`,
      [id, factor.id, info.ip, otp],
    );
    await tx.query('update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1', [
      factor.id,
    ]);
    const createdAt = Math.floor(new Date(rows[0]!.created_at).getTime() / 1000);
    return { id, type: factor.factor_type, expires_at: createdAt + CHALLENGE_EXPIRY_SECONDS };
  });
  return json(out);
}

export async function postVerifyFactor(ctx: AuthContext, info: RequestInfo, factorId: string): Promise<Response> {
  ctx.limiter.check('mfa_verify', info.ip);
  const body = await readJson(info.req);
  const challengeId = str(body.challenge_id);
  const code = str(body.code).trim();
  if (!code) throw badRequest('validation_failed', 'Code needs to be non-empty');
  // A wrong code is recorded nowhere, so the failure can be returned after rollback.
  const out = await ctx.db.transaction(async (tx) => {
    const auth = await authenticate(ctx, tx, info);
    const factor = await loadFactor(tx, auth, factorId);
    requireVerifyEnabled(ctx, factor);
    const { rows } = await tx.query<{
      id: string;
      created_at: Date | string;
      verified_at: Date | null;
      ip_address: string;
      otp_code: string | null;
    }>('select * from auth.mfa_challenges where id = $1 and factor_id = $2', [challengeId, factor.id]);
    const challenge = rows[0];
    if (!challenge || challenge.verified_at) {
      throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    if (challenge.ip_address.replace(/\/32$/, '') !== info.ip) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (new Date(challenge.created_at).getTime() + CHALLENGE_EXPIRY_SECONDS * 1000 < Date.now()) {
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (factor.factor_type === 'phone') {
      if (!challenge.otp_code || challenge.otp_code !== code)
        throw unprocessable('mfa_verification_failed', 'Invalid MFA Phone code entered');
    } else if (totpFor(factor.secret ?? '', '', '').validate({ token: code, window: 1 }) === null) {
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    if (!auth.session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    const user = (await getUser(tx, auth.user.id))!;
    return upgradeSession(
      ctx,
      tx,
      user,
      auth.session.id,
      factor.id,
      factor.factor_type === 'phone' ? 'mfa/phone' : 'totp',
    );
  });
  return json(out);
}

function requireVerifyEnabled(ctx: AuthContext, factor: FactorRow): void {
  if (factor.factor_type === 'phone' && !ctx.cfg.mfa.phoneVerify) {
    throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  }
  if (factor.factor_type === 'totp' && !ctx.cfg.mfa.totpVerify) {
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  }
  if (factor.factor_type === 'webauthn')
    throw unprocessable('mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
}

export async function deleteFactor(ctx: AuthContext, info: RequestInfo, factorId: string): Promise<Response> {
  const out = await ctx.db.transaction(async (tx) => {
    const auth = await authenticate(ctx, tx, info);
    const factor = await loadFactor(tx, auth, factorId);
    if (factor.status === 'verified' && auth.session?.aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    // Sessions that were raised with this factor fall back to aal1 (models.Session.UpdateAALAndAssociatedFactor).
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id]);
    const method = factor.factor_type === 'phone' ? 'mfa/phone' : 'totp';
    await tx.query(
      `delete from auth.mfa_amr_claims where session_id in (select id from auth.sessions where user_id = $1) and authentication_method = $2`,
      [auth.user.id, method],
    );
    return { id: factor.id };
  });
  return json(out);
}
