/** The head of an organisation's public booking page `/org/<slug>` (LodgingBusiness data). */
import { NUZL_OG_IMAGE } from './brand';
import { buildHead, compact } from './head';
import { fill, seoText, summarize } from './text';
import { isSeoLanguage, type HeadDescription, type HeadImage, type JsonLd, type SeoLanguage } from './types';
import { normalizeOrigin, publicSitePath } from './urls';

/** The site's fields this head uses: the row `public_site_page()` answers fits as it is. */
export interface PublicSiteSeoFields {
  slug: string;
  name: string;
  name_ar: string | null;
  description: string | null;
  description_ar: string | null;
  about?: string | null;
  about_ar?: string | null;
  logo_url: string | null;
  contact_email: string | null;
  phone: string | null;
  address: string | null;
  /** `en` or `ar` (anything else counts as `ar`, the column's default). */
  default_language: string;
}

export interface PublicSiteHeadInput {
  site: PublicSiteSeoFields;
  /** The language the page is shown in (see publicSiteLanguage). */
  language: SeoLanguage;
  /** `location.origin` in the browser. */
  origin: string | null | undefined;
  /** Mean of all published reviews (public_site_page().rating.average); with reviewCount ≥ 1 it adds aggregateRating. */
  averageRating?: number | string | null;
  reviewCount?: number | null;
  /** A wide picture for link previews (e.g. a unit's main photo, absolute URL); else the logo, else Nuzl's card. */
  image?: { url: string; alt?: string; width?: number; height?: number } | null;
}

/** The localized text, as lib/localized does: Arabic when there is Arabic, else the default text. */
function pick(language: SeoLanguage, text: string | null | undefined, arabic: string | null | undefined) {
  const chosen = language === 'ar' && arabic && arabic.trim() !== '' ? arabic : text;
  return chosen && chosen.trim() !== '' ? chosen.trim() : null;
}

function ratingOf(average: number | string | null | undefined, count: number | null | undefined) {
  const value = typeof average === 'string' ? Number(average) : average;
  if (value === null || value === undefined || !Number.isFinite(value) || value < 1 || value > 5) return null;
  if (!count || !Number.isInteger(count) || count < 1) return null;
  return {
    '@type': 'AggregateRating',
    ratingValue: Math.round(value * 100) / 100,
    reviewCount: count,
    bestRating: 5,
    worstRating: 1,
  };
}

export function publicSiteHead(input: PublicSiteHeadInput): HeadDescription {
  const { site, language } = input;
  const origin = normalizeOrigin(input.origin);
  const text = seoText(language);
  const defaultLanguage: SeoLanguage = isSeoLanguage(site.default_language) ? site.default_language : 'ar';
  const pathOf = (lang: SeoLanguage) => publicSitePath(site.slug, lang, defaultLanguage);

  const name = pick(language, site.name, site.name_ar) ?? site.name;
  const otherName = pick(language === 'ar' ? 'en' : 'ar', site.name, site.name_ar);
  const ownDescription =
    pick(language, site.description, site.description_ar) ?? pick(language, site.about, site.about_ar);
  const description = summarize(ownDescription ?? fill(text.public_site.description, { name }));
  const logo = site.logo_url && normalizeOrigin(site.logo_url) ? site.logo_url : null;
  const logoAlt = fill(text.public_site.logo_alt, { name });

  const photo = input.image && normalizeOrigin(input.image.url) ? input.image : null;
  let image: (HeadImage & { wide: boolean }) | null = null;
  if (photo) {
    image = { url: photo.url, alt: photo.alt ?? name, width: photo.width, height: photo.height, wide: true };
  } else if (logo) {
    image = { url: logo, alt: logoAlt, wide: false };
  } else if (origin) {
    // No picture of their own: the preview shows Nuzl's card rather than nothing.
    const { path, ...size } = NUZL_OG_IMAGE;
    image = { url: origin + path, alt: text.landing.image_alt, ...size, wide: true };
  }

  const business: JsonLd = compact({
    '@context': 'https://schema.org' as const,
    '@type': 'LodgingBusiness',
    '@id': origin ? `${origin}${pathOf(defaultLanguage)}#business` : null,
    name,
    alternateName: otherName && otherName !== name ? otherName : null,
    description: ownDescription,
    url: origin ? origin + pathOf(language) : null,
    telephone: site.phone?.trim() || null,
    email: site.contact_email?.trim() || null,
    address: site.address?.trim() ? { '@type': 'PostalAddress', streetAddress: site.address.trim() } : null,
    logo,
    image: photo?.url ?? logo,
    aggregateRating: ratingOf(input.averageRating, input.reviewCount),
  });

  return buildHead({
    language,
    title: fill(text.public_site.title, { name }),
    description,
    origin,
    pathOf,
    defaultLanguage,
    image,
    jsonLd: [business],
  });
}
