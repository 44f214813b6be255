import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';

/**
 * Hijri dates beside Gregorian ones (issue 17). The organisation's default goes through
 * organizations_update (settings.manage); the member's own choice (null = follow the organisation)
 * through profiles_update (their own row). After either, the account reloads: every date on
 * screen reads the preference from it (lib/use-date-format).
 */
export async function updateHijriDates(
  change:
    | { scope: 'organization'; organizationId: string; value: boolean }
    | { scope: 'profile'; userId: string; value: boolean | null },
) {
  if (change.scope === 'organization') {
    return run(
      supabase
        .from('organizations')
        .update({ hijri_dates: change.value })
        .eq('id', change.organizationId)
        .select('hijri_dates')
        .single(),
    );
  }
  return run(
    supabase
      .from('profiles')
      .update({ hijri_dates: change.value })
      .eq('user_id', change.userId)
      .select('hijri_dates')
      .single(),
  );
}

export function useUpdateHijriDates() {
  const { reloadAccount } = useAuth();
  return useMutation({
    mutationFn: updateHijriDates,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () => reloadAccount(),
  });
}
