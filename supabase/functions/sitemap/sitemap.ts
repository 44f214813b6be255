// The sitemap's XML (sitemaps.org 0.9 with xhtml:link hreflang alternates), from the enabled sites.
// The URLs follow src/lib/seo/urls.ts (the app's head tags say the same canonical and alternates):
//   /  (English)   /ar  (Arabic)
//   /org/<slug>  in the site's default language,  /org/<slug>?lang=<other>  in the other.
// supabase/tests/functions-sitemap.test.ts checks both agree.

export type Language = 'en' | 'ar';
const LANGUAGES: Language[] = ['en', 'ar'];

/** A row as the sitemap reads it (the anon role sees enabled sites only). */
export interface SitemapSite {
  slug: string;
  updated_at: string;
  default_language: string;
}

/** sitemaps.org allows 50,000 URLs per file: the two landing URLs plus two per site. */
export const MAX_SITES = 24_999;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function landingPath(language: Language): string {
  return language === 'ar' ? '/ar' : '/';
}

export function publicSitePath(slug: string, language: Language, defaultLanguage: Language): string {
  const base = `/org/${encodeURIComponent(slug)}`;
  return language === defaultLanguage ? base : `${base}?lang=${language}`;
}

function defaultLanguageOf(site: SitemapSite): Language {
  return site.default_language === 'en' ? 'en' : 'ar';
}

/** A W3C datetime for <lastmod>, or null when the value is not a date. */
function lastmod(value: string): string | null {
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** One <url> per language version, each listing every version (itself included) and x-default. */
function entries(
  origin: string,
  pathOf: (language: Language) => string,
  defaultLanguage: Language,
  modified: string | null,
) {
  const links = [
    ...LANGUAGES.map((language) => [language, pathOf(language)] as const),
    ['x-default', pathOf(defaultLanguage)] as const,
  ]
    .map(
      ([hreflang, path]) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + path)}"/>`,
    )
    .join('\n');
  return LANGUAGES.map((language) =>
    [
      '  <url>',
      `    <loc>${escapeXml(origin + pathOf(language))}</loc>`,
      ...(modified ? [`    <lastmod>${modified}</lastmod>`] : []),
      links,
      '  </url>',
    ].join('\n'),
  );
}

export function buildSitemap(origin: string, sites: SitemapSite[]): string {
  const urls = [...entries(origin, landingPath, 'en', null)];
  for (const site of sites.slice(0, MAX_SITES)) {
    const defaultLanguage = defaultLanguageOf(site);
    urls.push(
      ...entries(
        origin,
        (language) => publicSitePath(site.slug, language, defaultLanguage),
        defaultLanguage,
        lastmod(site.updated_at),
      ),
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
