/**
 * The public URLs of a page in each language (issue 12):
 *   landing  `/` (English)        `/ar` (Arabic)
 *   login    `/login`             `/ar/login`
 *   site     `/org/<slug>` in the site's default language, `/org/<slug>?lang=<other>` in the other.
 * A site's page without `?lang` shows its default language, so that bare address is the canonical
 * URL of the default language, and `?lang=<default>` (the same page) points to it as canonical.
 * The sitemap function (supabase/functions/sitemap) writes the same URLs; its test compares them.
 *
 * Relative imports only: vite.config.ts loads this folder at build time, where `@/` is unknown.
 */
import { paths } from '../../config/paths';
import type { HeadAlternates, SeoLanguage } from './types';

/** The scheme, host and port of an http(s) URL (`https://nuzl.sa/x/` → `https://nuzl.sa`); null otherwise. */
export function normalizeOrigin(value: string | null | undefined): string | null {
  if (!value || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function landingPath(language: SeoLanguage): string {
  return language === 'ar' ? '/ar' : paths.home.getHref();
}

export function loginPath(language: SeoLanguage): string {
  return language === 'ar' ? `/ar${paths.login.getHref()}` : paths.login.getHref();
}

export function publicSitePath(slug: string, language: SeoLanguage, defaultLanguage: SeoLanguage): string {
  const base = paths.publicSite.getHref(slug);
  return language === defaultLanguage ? base : `${base}?lang=${language}`;
}

/**
 * The language a public site's page shows: `?lang=en|ar` when given, else the site's default.
 * `search` is `location.search` (with or without the leading `?`).
 */
export function publicSiteLanguage(search: string, defaultLanguage: SeoLanguage): SeoLanguage {
  const asked = new URLSearchParams(search).get('lang');
  return asked === 'en' || asked === 'ar' ? asked : defaultLanguage;
}

/** hreflang URLs for a page whose path per language is `pathOf`; x-default is `defaultLanguage`'s. */
export function alternatesFor(
  origin: string,
  pathOf: (language: SeoLanguage) => string,
  defaultLanguage: SeoLanguage = 'en',
): HeadAlternates {
  return { en: origin + pathOf('en'), ar: origin + pathOf('ar'), 'x-default': origin + pathOf(defaultLanguage) };
}
