/**
 * What a page puts in its <head> for search engines and link previews (issue 12): one plain
 * object, built by the pure builders of this folder, written out as HTML by the build-time
 * prerender (`renderHeadHtml`) or into the live document by the client (`applyHead`).
 */

/** The languages a public page exists in. Kept here so this folder needs no i18next. */
export type SeoLanguage = 'en' | 'ar';

export const SEO_LANGUAGES: readonly SeoLanguage[] = ['en', 'ar'];

export function isSeoLanguage(value: unknown): value is SeoLanguage {
  return value === 'en' || value === 'ar';
}

/** Absolute URLs of the page in each language; `x-default` is the one for everyone else. */
export interface HeadAlternates {
  en: string;
  ar: string;
  'x-default': string;
}

export interface HeadImage {
  /** Absolute URL (Open Graph and Twitter ignore relative ones). */
  url: string;
  alt: string;
  width?: number;
  height?: number;
  /** MIME type, e.g. `image/png`. */
  type?: string;
}

export interface OpenGraphHead {
  type: 'website';
  siteName: string;
  title: string;
  description: string;
  /** Absolute canonical URL; null when the origin is unknown. */
  url: string | null;
  /** `en_US` or `ar_AR` (the locale names Facebook reads). */
  locale: string;
  alternateLocales: string[];
  image: HeadImage | null;
}

export interface TwitterHead {
  /** `summary_large_image` for a wide picture, `summary` for a logo or none. */
  card: 'summary' | 'summary_large_image';
  title: string;
  description: string;
  image: string | null;
  imageAlt: string | null;
}

/** One schema.org object, written as `<script type="application/ld+json">`. */
export type JsonLd = { '@context': 'https://schema.org'; '@type': string } & Record<string, unknown>;

export interface HeadDescription {
  language: SeoLanguage;
  title: string;
  description: string;
  /** Absolute URL of the page's canonical form; null when the origin is unknown. */
  canonical: string | null;
  /** hreflang links (absolute: search engines ignore relative ones); null when the origin is unknown. */
  alternates: HeadAlternates | null;
  /** `<meta name="robots">`, e.g. `noindex` for a page that does not exist; null for the default (index). */
  robots: string | null;
  openGraph: OpenGraphHead;
  twitter: TwitterHead;
  jsonLd: JsonLd[];
}
