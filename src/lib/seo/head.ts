/** The part every page's head shares: canonical, hreflang, Open Graph and Twitter from a few facts. */
import { OG_LOCALES } from './brand';
import { seoText } from './text';
import type { HeadDescription, HeadImage, JsonLd, SeoLanguage } from './types';
import { alternatesFor } from './urls';

export interface HeadFacts {
  language: SeoLanguage;
  title: string;
  description: string;
  /** Normalized origin (see normalizeOrigin), or null when unknown: then no absolute URL is written. */
  origin: string | null;
  /** The page's path in each language (relative to the origin). */
  pathOf: (language: SeoLanguage) => string;
  /** The language of the bare address, used for x-default. */
  defaultLanguage?: SeoLanguage;
  /** The preview picture; `wide` gives Twitter's large card. */
  image?: (HeadImage & { wide: boolean }) | null;
  jsonLd?: JsonLd[];
  robots?: string | null;
}

export function buildHead(facts: HeadFacts): HeadDescription {
  const { language, title, description, origin } = facts;
  const canonical = origin ? origin + facts.pathOf(language) : null;
  const image = facts.image ?? null;
  const other: SeoLanguage = language === 'ar' ? 'en' : 'ar';
  return {
    language,
    title,
    description,
    canonical,
    alternates: origin ? alternatesFor(origin, facts.pathOf, facts.defaultLanguage ?? 'en') : null,
    robots: facts.robots ?? null,
    openGraph: {
      type: 'website',
      siteName: seoText(language).site_name,
      title,
      description,
      url: canonical,
      locale: OG_LOCALES[language],
      alternateLocales: [OG_LOCALES[other]],
      image: image
        ? { url: image.url, alt: image.alt, width: image.width, height: image.height, type: image.type }
        : null,
    },
    twitter: {
      card: image?.wide ? 'summary_large_image' : 'summary',
      title,
      description,
      image: image?.url ?? null,
      imageAlt: image?.alt ?? null,
    },
    jsonLd: facts.jsonLd ?? [],
  };
}

/** Drops null, undefined and empty-string members, so JSON-LD says only what is known. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, member]) => member !== null && member !== undefined && member !== ''),
  ) as T;
}
