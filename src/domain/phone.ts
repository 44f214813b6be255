import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { z } from 'zod';
import { toWesternDigits } from '@/lib/digits';
import { MESSAGES } from './validation';

/**
 * Phone rules. Two on purpose, one place for both:
 *
 * - **Signing in** is by SMS to a Saudi mobile (SPEC §1), so the sign-in phone must be one:
 *   `05xxxxxxxx`, `5xxxxxxxx`, `+9665xxxxxxxx` or `009665xxxxxxxx`.
 * - **A guest** (a client row) is often a visitor from abroad, so any real mobile number in
 *   the world is accepted: a Saudi mobile in any local form, or a foreign one written with its
 *   country code (`+971 50 …`, `0044 7911 …`). Both are stored in E.164. The clients screen,
 *   the onboarding wizard and the booking dialog's "new guest" use this one rule.
 *
 * Numbers are read as people type or paste them: spaces, dashes, dots, brackets and bidi marks
 * are ignored, Arabic-Indic digits count. libphonenumber's mobile metadata decides whether a
 * number is a real mobile range (it refuses e.g. 052…, which no Saudi operator uses, and
 * Saudi landlines: a guest is reached by SMS or WhatsApp).
 */

/** Separators people type or paste inside a number (including the RTL/LTR marks a paste may carry). */
const SEPARATORS = /[\s\-().\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SAUDI_SHAPE = /^(?:\+966|00966|0)?5\d{8}$/;
/** A country code is required for a foreign number: `+` or `00`, then 7–15 digits (E.164). */
const INTERNATIONAL_SHAPE = /^(?:\+|00)[1-9]\d{6,14}$/;

function compact(input: string): string {
  return toWesternDigits(input)
    .replace(SEPARATORS, '')
    .replace(/^\uff0b/, '+');
}

function toE164Mobile(international: string): { number: string; country: string | undefined } | null {
  const withPlus = international.startsWith('00') ? `+${international.slice(2)}` : international;
  const parsed = parsePhoneNumberFromString(withPlus);
  if (!parsed?.isValid()) return null;
  return { number: parsed.number, country: parsed.country };
}

/** The E.164 form (`+9665xxxxxxxx`) of a Saudi mobile number, or null when it is not one. */
export function normalizeSaudiPhone(input: string): string | null {
  const value = compact(input);
  if (!SAUDI_SHAPE.test(value)) return null;
  const international = value.startsWith('+') || value.startsWith('00') ? value : `+966${value.replace(/^0/, '')}`;
  const parsed = toE164Mobile(international);
  return parsed?.country === 'SA' ? parsed.number : null;
}

export function isValidSaudiPhone(input: string): boolean {
  return normalizeSaudiPhone(input) !== null;
}

/** A guest's mobile in E.164: a Saudi mobile in any local form, or any country's with its code. */
export function normalizeGuestPhone(input: string): string | null {
  const saudi = normalizeSaudiPhone(input);
  if (saudi) return saudi;
  const value = compact(input);
  if (!INTERNATIONAL_SHAPE.test(value)) return null;
  return toE164Mobile(value)?.number ?? null;
}

/** `+966501234567` → `+966 50 123 4567`, `+971501234567` → `+971 50 123 4567` (always LTR, Western digits). */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164.startsWith('+') ? e164 : `+${e164}`);
  return parsed ? parsed.formatInternational() : e164;
}

/** A guest's phone field: required, stored as E.164. */
export const guestPhoneSchema = z
  .string()
  .trim()
  .min(1, { error: MESSAGES.required })
  // Blank is "required" only (an abort here would also hide the form-level rules' messages).
  .refine((value) => value === '' || normalizeGuestPhone(value) !== null, { error: MESSAGES.guestPhone })
  .transform((value) => normalizeGuestPhone(value) ?? value);
