import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { lockKeys } from './lock-keys';

/** The organisation's "a code per stay" setting (organizations.lock_code_per_stay). */
export function getStayCodeSetting(organizationId: string, signal?: AbortSignal) {
  return run(supabase.from('organizations').select('lock_code_per_stay').eq('id', organizationId).single(), {
    signal,
  }).then((row) => row.lock_code_per_stay);
}

export function stayCodeSettingQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: lockKeys.stayCodeSetting(organizationId),
    queryFn: ({ signal }) => getStayCodeSetting(organizationId, signal),
  });
}

export function useStayCodeSetting(organizationId: string | null) {
  return useQuery({ ...stayCodeSettingQueryOptions(organizationId ?? ''), enabled: organizationId !== null });
}

/** Turns the setting on or off (settings.manage; the organizations update policy decides). */
export function setStayCodeSetting(organizationId: string, enabled: boolean) {
  return run(
    supabase
      .from('organizations')
      .update({ lock_code_per_stay: enabled })
      .eq('id', organizationId)
      .select('lock_code_per_stay')
      .single(),
  );
}

export function useSetStayCodeSetting(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setStayCodeSetting(organizationId, enabled),
    meta: { errorTitle: 'locks:stay_codes.setting_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: lockKeys.stayCodeSetting(organizationId) }),
  });
}
