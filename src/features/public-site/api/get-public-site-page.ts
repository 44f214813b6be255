import { callPublicRpc } from '@/lib/public-rest';

/**
 * The public booking page of `/org/{slug}` in one request (public_site_page(), migration
 * 20261126000100), read as the anonymous visitor without supabase-js: this page's first paint
 * may wait for React and little else (issue 12, DESIGN §4).
 */

/** Slugs are lower-case letters, digits and hyphens; anything else cannot be an organisation. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export interface PublicSite {
  id: string;
  organization_id: string;
  name: string;
  name_ar: string | null;
  description: string | null;
  description_ar: string | null;
  about: string | null;
  about_ar: string | null;
  logo_url: string | null;
  contact_email: string | null;
  phone: string | null;
  address: string | null;
  theme_color: string;
  slug: string;
  default_language: string;
}

export interface PublicUnit {
  id: string;
  name: string;
  name_ar: string | null;
  type: string;
  description: string | null;
  description_ar: string | null;
  price_per_night: number;
  max_guests: number;
  bedrooms: number;
  bathrooms: number;
  address_city: string | null;
  address_region: string | null;
  /** Storage path of the unit's main photo in the public `unit-photos` bucket. */
  main_photo: string | null;
  /** Its small copy (at most 640 px wide) beside it; null for a photo uploaded before those existed. */
  main_photo_small?: string | null;
}

export interface PublicReview {
  id: string;
  guest_name: string;
  rating: number;
  message: string | null;
  published_at: string | null;
  created_at: string;
}

export interface PublicSitePageData {
  site: PublicSite;
  units: PublicUnit[];
  reviews: PublicReview[];
  /** Over every published review; `average` is null when there is none. */
  rating: { average: number | null; count: number };
}

/** The page, a redirect to the site's current slug (an old link), or null (no such enabled site). */
export type PublicSitePageAnswer = PublicSitePageData | { redirect: string } | null;

export function isRedirect(answer: PublicSitePageAnswer): answer is { redirect: string } {
  return answer !== null && 'redirect' in answer;
}

/**
 * The request index.html starts for `/org/<slug>` before any script has loaded (see its loader):
 * the parsed answer of a 2xx, else undefined.
 */
interface EarlyRequest {
  slug: string;
  answer: Promise<PublicSitePageAnswer | undefined>;
}

declare global {
  interface Window {
    __nuzlPublicSitePage?: EarlyRequest;
  }
}

async function takeEarlyAnswer(slug: string): Promise<PublicSitePageAnswer | undefined> {
  const early = typeof window === 'undefined' ? undefined : window.__nuzlPublicSitePage;
  if (!early || early.slug !== slug) return undefined;
  delete window.__nuzlPublicSitePage;
  // Anything but a clean answer is asked again through the path that explains its errors.
  return early.answer.catch(() => undefined);
}

export async function fetchPublicSitePage(slug: string, signal?: AbortSignal): Promise<PublicSitePageAnswer> {
  const normalized = slug.toLowerCase();
  if (!SLUG_PATTERN.test(normalized)) return null;
  const early = await takeEarlyAnswer(normalized);
  if (early !== undefined) return early;
  return callPublicRpc<PublicSitePageAnswer>('public_site_page', { p_slug: normalized }, { signal });
}
