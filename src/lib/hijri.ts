import { DEFAULT_TIME_ZONE, dateTimeFormat, toFormattable } from './format';
import type { Language } from './i18n';

/**
 * Hijri dates of the Umm al-Qura calendar, the Kingdom's official one (issue 17), beside the
 * Gregorian dates the database keeps. Computed by the browser's Intl (`islamic-umalqura`), never
 * stored: a booking stays a Gregorian `date`.
 *
 * Latin digits in Arabic too (`nu-latn`), as every other figure in the app (lib/format.ts); the era
 * says which calendar it is: "AH" in English, "هـ" in Arabic.
 */
export const HIJRI_LOCALES: Record<Language, string> = {
  en: 'en-SA-u-ca-islamic-umalqura-nu-latn',
  ar: 'ar-SA-u-ca-islamic-umalqura-nu-latn',
};

export type HijriStyle = 'medium' | 'long';

/**
 * The Hijri (Umm al-Qura) date of a day or an instant: `formatHijri('2026-11-27', 'en')` →
 * "Jum. II 17, 1448 AH", in Arabic "17 جمادى الآخرة 1448 هـ". An instant is read in `timeZone`
 * (the organisation's); an invalid value gives an empty string rather than "Invalid Date".
 */
export function formatHijri(
  value: string | Date,
  language: Language,
  style: HijriStyle = 'medium',
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const formattable = toFormattable(value, timeZone);
  if (Number.isNaN(formattable.date.getTime())) return '';
  return dateTimeFormat(HIJRI_LOCALES[language], { dateStyle: style, timeZone: formattable.timeZone }).format(
    formattable.date,
  );
}
