/**
 * The language rules without i18next (issue 12): what the lean `/org/<slug>` entry and the app
 * share. lib/i18n.ts re-exports all of it next to the i18next instance.
 */

export const SUPPORTED_LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** SPEC §1: the choice lives in localStorage under exactly this key. index.html reads it too. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * SPEC §1: a stored `en`/`ar` wins (anything else is ignored); otherwise the browser's first
 * language decides — Arabic when it starts with `ar`, English for everything else.
 */
export function detectLanguage(
  storage: Pick<Storage, 'getItem'> | null,
  browserLanguages: readonly string[],
): Language {
  let stored: string | null;
  try {
    stored = storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  if (isLanguage(stored)) return stored;
  const first = browserLanguages[0]?.toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}

export function getDirection(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export function applyDocumentLanguage(language: Language, doc: Document = document): void {
  doc.documentElement.lang = language;
  doc.documentElement.dir = getDirection(language);
}

/**
 * The prerendered pages exist once per language (scripts/vite/public-entries.ts): `/` and `/ar`,
 * `/login` and `/ar/login`. index.html's loader sends a visitor to the twin in their language;
 * the language switch moves the address with the language. Other paths have no twin (null).
 */
export const PRERENDERED_TWINS: Record<Language, Readonly<Record<string, string>>> = {
  ar: { '/': '/ar', '/login': '/ar/login' },
  en: { '/ar': '/', '/ar/login': '/login' },
};

export function twinPath(pathname: string, language: Language): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PRERENDERED_TWINS[language][path] ?? null;
}
