/** Input checks with GoTrue's messages (internal/api/phone.go, mail.go, password.go). */
import { badRequest, unprocessable } from './errors';

/** GoTrue's formatPhoneNumber: drop a leading "+" and all spaces. Stored, returned and in JWTs like this. */
export function normalizePhone(phone: string): string {
  return phone.trim().replace(/^\+/, '').replace(/\s+/g, '');
}

export function validatePhone(phone: unknown): string {
  const p = normalizePhone(typeof phone === 'string' ? phone : '');
  if (!/^[1-9][0-9]{1,14}$/.test(p))
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return p;
}

export function validateEmail(email: unknown): string {
  const e = typeof email === 'string' ? email.trim().toLowerCase() : '';
  if (!e) throw badRequest('validation_failed', 'An email address is required');
  if (e.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  // GoTrue parses with net/mail and checks for a domain; this accepts what it accepts in practice.
  if (!/^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/.test(e)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return e;
}

export interface PasswordPolicy {
  minimumPasswordLength: number;
  passwordRequirements: string;
}

const CHARSETS: Record<string, string[]> = {
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~',
  ],
};

/** Refuses weak passwords with 422 weak_password and GoTrue's `weak_password.reasons`. */
export function checkPasswordStrength(password: string, policy: PasswordPolicy): void {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < policy.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minimumPasswordLength} characters.`);
  }
  const sets = CHARSETS[policy.passwordRequirements];
  if (sets && !sets.every((set) => [...password].some((c) => set.includes(c)))) {
    reasons.push('characters');
    messages.push(
      `Password should contain at least one character of each: ${sets.map((s) => JSON.stringify(s)).join(', ')}.`,
    );
  }
  if (reasons.length) throw unprocessable('weak_password', messages.join(' '), { weak_password: { reasons } });
}
