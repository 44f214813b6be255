import type { Language } from '@/lib/i18n';
import { LOCALES } from '@/lib/format';

/**
 * Nationalities offered in the form, stored as ISO 3166 codes (the seed and the search both use
 * codes). Names come from the browser's Intl data in the user's language, so nothing here needs
 * translating; the database search knows the same codes by name in both languages.
 */
export const NATIONALITY_CODES = [
  'SA',
  'AE',
  'KW',
  'QA',
  'BH',
  'OM',
  'YE',
  'JO',
  'LB',
  'SY',
  'IQ',
  'PS',
  'EG',
  'SD',
  'MA',
  'TN',
  'DZ',
  'TR',
  'IN',
  'PK',
  'BD',
  'ID',
  'MY',
  'PH',
  'GB',
  'US',
  'CA',
  'FR',
  'DE',
  'IT',
  'ES',
  'CN',
] as const;

const cache = new Map<Language, Intl.DisplayNames>();

export function nationalityName(code: string | null | undefined, language: Language): string {
  if (!code) return '';
  let names = cache.get(language);
  if (!names) {
    names = new Intl.DisplayNames([LOCALES[language]], { type: 'region' });
    cache.set(language, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
