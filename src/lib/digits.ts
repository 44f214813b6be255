/**
 * Digits as people type them on Arabic keyboards. Every number a form reads (prices, guests,
 * codes, phone numbers) goes through here first, so `١٢٥٠` and `1250` are the same input.
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

/**
 * A number typed into a text input: either digit system, grouping separators (`1,250`, `١٬٢٥٠`,
 * spaces) dropped, the Arabic decimal separator (`٫`) read as a point. Blank → undefined (not
 * given); anything else that is not a number → NaN, which a schema refuses as "Enter a number".
 */
export function readTypedNumber(value: string): number | undefined {
  const text = toWesternDigits(value)
    .trim()
    .replace(/[,\u066c\s]/g, '')
    .replace(/\u066b/g, '.');
  if (text === '') return undefined;
  return /^[-+]?(?:\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}
