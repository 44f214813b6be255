import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicSiteValues } from '@/domain/public-site';
import { toAppError } from '@/lib/errors';
import { run } from '@/lib/fetch';
import { queryRoots } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import { publicSiteSettingsKeys } from './public-site-keys';

/**
 * Saves the site with the output of the form's schema (validated, normalised). RLS lets only
 * holders of public_site.manage of the site's organisation write; the database checks the slug
 * again (slug_invalid / slug_reserved: HTTP 400, slug_taken: 409).
 */
export async function savePublicSite({
  id,
  values,
  logoUrl,
}: {
  id: string;
  values: PublicSiteValues;
  /** Undefined leaves the logo as it is; null removes it. */
  logoUrl?: string | null;
}) {
  const row = logoUrl === undefined ? values : { ...values, logo_url: logoUrl };
  return run(supabase.from('public_sites').update(row).eq('id', id).select('id, slug, enabled').single());
}

/** The slug refusals the form shows under the slug field. */
export type SlugRefusal = 'slug_reserved' | 'slug_taken' | 'slug_invalid';

/**
 * Which slug rule refused the save, if one did: the key in HINT (private.fail), or the unique
 * constraint itself when two saves raced (23505 on public_sites_slug_key).
 */
export function slugRefusal(error: unknown): SlugRefusal | null {
  const cause = toAppError(error).cause;
  const shape = (typeof cause === 'object' && cause !== null ? cause : {}) as {
    hint?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (shape.hint === 'slug_reserved' || shape.hint === 'slug_taken' || shape.hint === 'slug_invalid') return shape.hint;
  if (shape.code === '23505' && typeof shape.message === 'string' && shape.message.includes('public_sites_slug_key'))
    return 'slug_taken';
  return null;
}

export function useSavePublicSite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePublicSite,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: publicSiteSettingsKeys.detail(organizationId) }),
        queryClient.invalidateQueries({ queryKey: publicSiteSettingsKeys.history(organizationId) }),
        // The public page and /{slug} short links read the site too.
        queryClient.invalidateQueries({ queryKey: queryRoots.publicSite }),
      ]),
  });
}
