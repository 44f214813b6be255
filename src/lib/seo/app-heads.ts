/** Heads of Nuzl's own public pages: the landing page (`/`, `/ar`) and sign-in (`/login`, `/ar/login`). */
import { NUZL_LOGO, NUZL_OG_IMAGE } from './brand';
import { buildHead, compact } from './head';
import { seoText } from './text';
import type { HeadDescription, HeadImage, JsonLd, SeoLanguage } from './types';
import { landingPath, loginPath, normalizeOrigin } from './urls';

function nuzlCard(origin: string | null, language: SeoLanguage): (HeadImage & { wide: boolean }) | null {
  if (!origin) return null;
  const { path, ...size } = NUZL_OG_IMAGE;
  return { url: origin + path, alt: seoText(language).landing.image_alt, ...size, wide: true };
}

export interface LandingHeadOptions {
  /** The sales address (VITE_CONTACT_EMAIL), written into the Organization data when set. */
  contactEmail?: string | null;
}

/**
 * `/` (English) or `/ar` (Arabic). `origin` is VITE_SITE_URL at build time or `location.origin`
 * in the browser; without one, only the tags that need no absolute URL are written.
 */
export function landingHead(
  language: SeoLanguage,
  origin: string | null | undefined,
  options: LandingHeadOptions = {},
): HeadDescription {
  const base = normalizeOrigin(origin);
  const text = seoText(language);
  const otherName = seoText(language === 'ar' ? 'en' : 'ar').site_name;
  const organization: JsonLd = compact({
    '@context': 'https://schema.org' as const,
    '@type': 'Organization',
    '@id': base ? `${base}/#organization` : null,
    name: text.site_name,
    alternateName: otherName,
    url: base ? `${base}/` : null,
    logo: base ? base + NUZL_LOGO.path : null,
    description: text.landing.description,
    email: options.contactEmail?.trim() || null,
  });
  const jsonLd: JsonLd[] = [organization];
  if (base) {
    // Tells search engines the site's name ("Nuzl" / "نُزُل") rather than its host name.
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${base}/#website`,
      name: text.site_name,
      alternateName: otherName,
      url: `${base}/`,
      inLanguage: language,
      publisher: { '@id': `${base}/#organization` },
    });
  }
  return buildHead({
    language,
    title: text.landing.title,
    description: text.landing.description,
    origin: base,
    pathOf: landingPath,
    image: nuzlCard(base, language),
    jsonLd,
  });
}

/** `/login` (English) or `/ar/login` (Arabic). */
export function loginHead(language: SeoLanguage, origin: string | null | undefined): HeadDescription {
  const base = normalizeOrigin(origin);
  const text = seoText(language);
  return buildHead({
    language,
    title: text.login.title,
    description: text.login.description,
    origin: base,
    pathOf: loginPath,
    image: nuzlCard(base, language),
  });
}

/**
 * A page that does not exist (an unknown or disabled site's slug): `noindex`, no canonical and no
 * alternates, so a search engine drops it instead of indexing a "not available" page.
 */
export function notFoundHead(language: SeoLanguage): HeadDescription {
  const text = seoText(language);
  return buildHead({
    language,
    title: text.not_found.title,
    description: text.not_found.description,
    origin: null,
    pathOf: landingPath,
    robots: 'noindex',
  });
}
