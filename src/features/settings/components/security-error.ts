import type { TFunction } from 'i18next';
import { getErrorMessage } from '@/lib/errors';

const REASONS: Record<string, string> = {
  mfa_verification_failed: 'security.errors.wrong_code',
  mfa_challenge_expired: 'security.errors.challenge_expired',
  insufficient_aal: 'security.errors.insufficient_aal',
  too_many_enrolled_mfa_factors: 'security.errors.too_many_factors',
  mfa_factor_name_conflict: 'security.errors.name_conflict',
  weak_password: 'password_change.errors.weak',
  same_password: 'password_change.errors.same',
};

/** The reason under a failure's title: ours for known auth codes, else the SPEC §8 sentence. */
export function securityErrorReason(error: unknown, t: TFunction<'settings'>): string {
  if (error instanceof Error && error.name === 'CurrentPasswordError') return t('password_change.errors.current_wrong');
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const key = typeof code === 'string' ? REASONS[code] : undefined;
  return key ? t(key) : getErrorMessage(error);
}
