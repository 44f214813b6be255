import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { publicSiteKeys } from './keys';
import { SLUG_PATTERN } from './resolve-slug';

/** Only the columns granted to visitors (anon): asking for more would be refused by Postgres. */
const SITE_COLUMNS =
  'id, organization_id, name, name_ar, description, description_ar, about, about_ar, logo_url, contact_email, phone, address, theme_color, slug, default_language';
const UNIT_COLUMNS =
  'id, name, name_ar, type, description, description_ar, price_per_night, max_guests, bedrooms, bathrooms, address_city, address_region';
const REVIEW_COLUMNS = 'id, guest_name, rating, message, published_at, created_at';

/** How many units and reviews the page shows; the page is a storefront, not an archive. */
export const UNITS_LIMIT = 24;
export const REVIEWS_LIMIT = 12;

function fetchSite(slug: string, signal?: AbortSignal) {
  return run(supabase.from('public_sites').select(SITE_COLUMNS).eq('slug', slug).eq('enabled', true).maybeSingle(), {
    signal,
  });
}

export type PublicSite = NonNullable<Awaited<ReturnType<typeof fetchSite>>>;

function fetchUnits(organizationId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('units')
      .select(UNIT_COLUMNS)
      .eq('organization_id', organizationId)
      .eq('is_active', true)
      .order('created_at', { ascending: false })
      .limit(UNITS_LIMIT),
    { signal },
  );
}

export type PublicUnit = Awaited<ReturnType<typeof fetchUnits>>[number];

function fetchReviews(organizationId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('reviews')
      .select(REVIEW_COLUMNS)
      .eq('organization_id', organizationId)
      .eq('is_published', true)
      .order('published_at', { ascending: false })
      .limit(REVIEWS_LIMIT),
    { signal },
  );
}

export type PublicReview = Awaited<ReturnType<typeof fetchReviews>>[number];

export interface PublicSitePageData {
  site: PublicSite;
  units: PublicUnit[];
  reviews: PublicReview[];
}

/**
 * The public booking page of `/org/{slug}`, read as an anonymous visitor: the enabled site,
 * then its active units and published reviews in parallel. `null` when no enabled site has
 * this slug (RLS hides disabled ones), which the page shows as "not available".
 */
export async function getPublicSite(slug: string, signal?: AbortSignal): Promise<PublicSitePageData | null> {
  const normalized = slug.toLowerCase();
  if (!SLUG_PATTERN.test(normalized)) return null;
  const site = await fetchSite(normalized, signal);
  if (!site) return null;
  const [units, reviews] = await Promise.all([
    fetchUnits(site.organization_id, signal),
    fetchReviews(site.organization_id, signal),
  ]);
  return { site, units, reviews };
}

export function publicSiteQueryOptions(slug: string) {
  return queryOptions({
    queryKey: publicSiteKeys.detail(slug),
    queryFn: ({ signal }) => getPublicSite(slug, signal),
  });
}

export function usePublicSite(slug: string) {
  return useQuery(publicSiteQueryOptions(slug));
}
