import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { lockKeys } from './lock-keys';

/**
 * The organisation's "send the door code to the guest" setting (organizations.door_code_to_guest,
 * default on): each stay's code goes to its guest about 24 hours before check-in.
 */
export function getDoorCodeSetting(organizationId: string, signal?: AbortSignal) {
  return run(supabase.from('organizations').select('door_code_to_guest').eq('id', organizationId).single(), {
    signal,
  }).then((row) => row.door_code_to_guest);
}

export function doorCodeSettingQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: lockKeys.doorCodeSetting(organizationId),
    queryFn: ({ signal }) => getDoorCodeSetting(organizationId, signal),
  });
}

export function useDoorCodeSetting(organizationId: string | null) {
  return useQuery({ ...doorCodeSettingQueryOptions(organizationId ?? ''), enabled: organizationId !== null });
}

/** Turns the setting on or off (settings.manage; the organizations update policy decides). */
export function setDoorCodeSetting(organizationId: string, enabled: boolean) {
  return run(
    supabase
      .from('organizations')
      .update({ door_code_to_guest: enabled })
      .eq('id', organizationId)
      .select('door_code_to_guest')
      .single(),
  );
}

export function useSetDoorCodeSetting(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setDoorCodeSetting(organizationId, enabled),
    meta: { errorTitle: 'locks:stay_codes.setting_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: lockKeys.doorCodeSetting(organizationId) }),
  });
}
