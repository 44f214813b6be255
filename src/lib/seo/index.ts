/**
 * SEO of the public pages (issue 12): pure head builders, an HTML writer for the build-time
 * prerender and a DOM writer for client-rendered pages. No dependencies, safe in Node and Deno.
 */
export type {
  HeadAlternates,
  HeadDescription,
  HeadImage,
  JsonLd,
  OpenGraphHead,
  SeoLanguage,
  TwitterHead,
} from './types';
export { isSeoLanguage, SEO_LANGUAGES } from './types';
export { landingHead, loginHead, notFoundHead, type LandingHeadOptions } from './app-heads';
export { publicSiteHead, type PublicSiteHeadInput, type PublicSiteSeoFields } from './public-site-head';
export { landingPath, loginPath, normalizeOrigin, publicSiteLanguage, publicSitePath } from './urls';
export { NUZL_LOGO, NUZL_OG_IMAGE } from './brand';
export { escapeHtml, injectHeadHtml, renderHeadHtml } from './render';
export { applyHead } from './apply';
export { headTags, SEO_ATTRIBUTE, serializeJsonLd } from './tags';
export { buildRobotsTxt, ROBOTS_DISALLOW, sitemapUrlFor } from './robots';
