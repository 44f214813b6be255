import type { TFunction } from 'i18next';
import { getErrorMessage } from '@/lib/errors';

/** auth error codes (GoTrue) that have a reason of their own in the auth namespace. */
const REASONS: Record<string, string> = {
  otp_expired: 'errors.reasons.otp_expired',
  over_sms_send_rate_limit: 'errors.reasons.rate_limited',
  over_request_rate_limit: 'errors.reasons.rate_limited',
  over_email_send_rate_limit: 'errors.reasons.rate_limited',
  mfa_verification_failed: 'errors.reasons.mfa_wrong_code',
  mfa_challenge_expired: 'errors.reasons.mfa_challenge_expired',
  invalid_credentials: 'errors.reasons.invalid_credentials',
  email_not_confirmed: 'errors.reasons.email_not_confirmed',
  phone_provider_disabled: 'errors.reasons.sms_unavailable',
  sms_send_failed: 'errors.reasons.sms_unavailable',
  weak_password: 'errors.reasons.weak_password',
  same_password: 'errors.reasons.same_password',
  user_banned: 'errors.reasons.user_banned',
  otp_disabled: 'errors.reasons.signup_disabled',
  signup_disabled: 'errors.reasons.signup_disabled',
};

export function authErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The reason shown under a failure's title: ours when we know the code, otherwise the SPEC §8
 * sentence lib/errors picks (network, session, permission, …). Never the raw server text alone.
 */
export function authErrorReason(error: unknown, t: TFunction<'auth'>): string {
  const code = authErrorCode(error);
  const key = code ? REASONS[code] : undefined;
  return key ? t(key) : getErrorMessage(error);
}

/** A wrong or expired one-time code: "Verification Failed" rather than a generic failure. */
export function isWrongCode(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'otp_expired' || code === 'mfa_verification_failed' || code === 'invalid_credentials';
}
