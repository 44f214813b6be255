import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * Saudi mobile numbers, as people type them: `05xxxxxxxx`, `5xxxxxxxx`, `+9665xxxxxxxx` or
 * `009665xxxxxxxx`, with spaces or dashes, in Western or Arabic-Indic digits. The shape is
 * checked first (so `966…` without a prefix or a foreign number is refused on purpose), then
 * libphonenumber's mobile metadata decides whether the number is a real Saudi mobile range
 * (it refuses e.g. 052…, which no operator uses).
 */

const ARABIC_INDIC_ZERO = 0x0660; // ٠
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0; // ۰ (Persian/Urdu keyboards)

/** ٠١٢٣٤٥٦٧٨٩ and ۰۱۲۳۴۵۶۷۸۹ → 0123456789; every other character is kept. */
export function toWesternDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/** Separators people type or paste inside a number (including the RTL/LTR marks a paste may carry). */
const SEPARATORS = /[\s\-().\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const ACCEPTED_SHAPE = /^(?:\+966|00966|0)?5\d{8}$/;

/** The E.164 form (`+9665xxxxxxxx`) of a Saudi mobile number, or null when it is not one. */
export function normalizeSaudiPhone(input: string): string | null {
  const compact = toWesternDigits(input)
    .replace(SEPARATORS, '')
    .replace(/^\u002b|^\uff0b/, '+');
  if (!ACCEPTED_SHAPE.test(compact)) return null;
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  const parsed = parsePhoneNumberFromString(international, 'SA');
  if (!parsed || parsed.country !== 'SA' || !parsed.isValid()) return null;
  return parsed.number;
}

export function isValidSaudiPhone(input: string): boolean {
  return normalizeSaudiPhone(input) !== null;
}

/** `+966501234567` → `+966 50 123 4567` for display (always left-to-right, Western digits). */
export function formatSaudiPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164.startsWith('+') ? e164 : `+${e164}`);
  return parsed ? parsed.formatInternational() : e164;
}
