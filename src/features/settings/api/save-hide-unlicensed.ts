import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { queryRoots } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import { publicSiteSettingsKeys } from './public-site-keys';

/**
 * Turns public_sites.hide_unlicensed_units on or off (issue 17): when on, the public page, its unit
 * pages and booking requests leave out units without a valid tourism licence (the database
 * enforces it). RLS: public_site.manage of the organisation.
 */
export function saveHideUnlicensed({ id, hide }: { id: string; hide: boolean }) {
  return run(
    supabase
      .from('public_sites')
      .update({ hide_unlicensed_units: hide })
      .eq('id', id)
      .select('hide_unlicensed_units')
      .single(),
  );
}

export function useSaveHideUnlicensed(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHideUnlicensed,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: publicSiteSettingsKeys.detail(organizationId) }),
        queryClient.invalidateQueries({ queryKey: queryRoots.publicSite }),
      ]),
  });
}
