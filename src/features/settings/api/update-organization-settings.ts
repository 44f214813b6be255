import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { OrganizationSettingsValues } from '../organization-schema';

/**
 * Saves the organisation with the output of the form's schema. RLS lets only settings.manage
 * holders of the organisation write; organizations_tax_guard checks the tax fields again
 * (vat_number_invalid, …: HTTP 400 with the key in the hint).
 */
export async function updateOrganizationSettings({
  id,
  values,
  logoUrl,
}: {
  id: string;
  values: OrganizationSettingsValues;
  /** Undefined leaves the logo as it is; null removes it. */
  logoUrl?: string | null;
}) {
  const row = logoUrl === undefined ? values : { ...values, logo_url: logoUrl };
  return run(supabase.from('organizations').update(row).eq('id', id).select('id').single());
}

/**
 * After a save every screen reads the organisation again: the account (its time zone and
 * currency drive "today" and every shown date) and every cached query computed with them.
 */
export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  const { reloadAccount } = useAuth();
  return useMutation({
    mutationFn: updateOrganizationSettings,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: async () => {
      await reloadAccount();
      await queryClient.invalidateQueries();
    },
  });
}
