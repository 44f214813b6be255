import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { publicSiteSettingsKeys } from './public-site-keys';

/** The columns Settings → Public site edits or shows. */
const COLUMNS =
  'id, organization_id, enabled, name, name_ar, description, description_ar, about, about_ar, logo_url, contact_email, phone, address, theme_color, default_language, slug, hide_unlicensed_units, updated_at';

/** The organisation's site (every organisation has one, made with it), or null if it is not readable. */
export function getPublicSiteSettings(organizationId: string, signal?: AbortSignal) {
  return run(supabase.from('public_sites').select(COLUMNS).eq('organization_id', organizationId).maybeSingle(), {
    signal,
  });
}

export type PublicSiteSettings = NonNullable<Awaited<ReturnType<typeof getPublicSiteSettings>>>;

export function publicSiteSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: publicSiteSettingsKeys.detail(organizationId),
    queryFn: ({ signal }) => getPublicSiteSettings(organizationId, signal),
  });
}

export function usePublicSiteSettings(organizationId: string) {
  return useQuery(publicSiteSettingsQueryOptions(organizationId));
}

/** The site's previous slugs, newest first: these addresses still redirect to the current one. */
export function getPublicSiteSlugHistory(organizationId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('public_site_slug_history')
      .select('slug, created_at')
      .eq('organization_id', organizationId)
      .order('created_at', { ascending: false })
      .limit(20),
    { signal },
  );
}

export function usePublicSiteSlugHistory(organizationId: string) {
  return useQuery({
    queryKey: publicSiteSettingsKeys.history(organizationId),
    queryFn: ({ signal }) => getPublicSiteSlugHistory(organizationId, signal),
  });
}

/** Whether the signed-in member may edit the site (only to show the form read-only; RLS decides). */
export async function getCanManagePublicSite(signal?: AbortSignal) {
  const permissions = await run(supabase.rpc('my_permissions'), { signal, schema: z.array(z.string()) });
  return permissions.includes('public_site.manage');
}

export function useCanManagePublicSite() {
  return useQuery({
    queryKey: [...publicSiteSettingsKeys.all, 'permission'],
    queryFn: ({ signal }) => getCanManagePublicSite(signal),
  });
}
