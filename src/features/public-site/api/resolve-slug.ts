import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { SLUG_PATTERN } from './get-public-site-page';
import { publicSiteKeys } from './keys';

/**
 * The canonical slug of an enabled public booking site, or null when there is none. Runs as
 * the anonymous visitor: only enabled sites are readable (RLS), which is exactly what a short
 * link may resolve to. A slug the site used before (public_site_slug_history, readable for
 * enabled sites only) resolves to the site's current one, so old links keep working.
 */
export async function resolvePublicSiteSlug(slug: string, signal?: AbortSignal): Promise<string | null> {
  const normalized = slug.toLowerCase();
  if (!SLUG_PATTERN.test(normalized)) return null;
  const site = await run(
    supabase.from('public_sites').select('slug').eq('slug', normalized).eq('enabled', true).maybeSingle(),
    { signal },
  );
  if (site) return site.slug;
  const previous = await run(
    supabase
      .from('public_site_slug_history')
      .select('site:public_sites!inner(slug)')
      .eq('slug', normalized)
      .eq('site.enabled', true)
      .maybeSingle(),
    { signal },
  );
  return previous?.site.slug ?? null;
}

export function publicSiteSlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: publicSiteKeys.slug(slug),
    queryFn: ({ signal }) => resolvePublicSiteSlug(slug, signal),
  });
}

export function usePublicSiteSlug(slug: string) {
  return useQuery(publicSiteSlugQueryOptions(slug));
}
