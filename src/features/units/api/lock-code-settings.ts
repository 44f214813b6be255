import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { TablesUpdate } from '@/types/database';
import { lockKeys } from './lock-keys';

/**
 * The organisation's door-code settings, read in one request: "a code per stay"
 * (organizations.lock_code_per_stay) and "send the door code to the guest"
 * (organizations.door_code_to_guest, default on: each stay's code goes to its guest about 24 hours
 * before check-in).
 */
export function getLockCodeSettings(organizationId: string, signal?: AbortSignal) {
  return run(
    supabase.from('organizations').select('lock_code_per_stay, door_code_to_guest').eq('id', organizationId).single(),
    { signal },
  );
}
export type LockCodeSettings = Awaited<ReturnType<typeof getLockCodeSettings>>;

export function lockCodeSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: lockKeys.codeSettings(organizationId),
    queryFn: ({ signal }) => getLockCodeSettings(organizationId, signal),
  });
}

export function useLockCodeSettings(organizationId: string | null) {
  return useQuery({ ...lockCodeSettingsQueryOptions(organizationId ?? ''), enabled: organizationId !== null });
}

/** Turns one of the settings on or off (settings.manage; the organizations update policy decides). */
export function setLockCodeSetting(
  organizationId: string,
  change: Pick<TablesUpdate<'organizations'>, 'lock_code_per_stay' | 'door_code_to_guest'>,
) {
  return run(
    supabase
      .from('organizations')
      .update(change)
      .eq('id', organizationId)
      .select('lock_code_per_stay, door_code_to_guest')
      .single(),
  );
}

export function useSetLockCodeSetting(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Parameters<typeof setLockCodeSetting>[1]) => setLockCodeSetting(organizationId, change),
    meta: { errorTitle: 'locks:stay_codes.setting_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: lockKeys.codeSettings(organizationId) }),
  });
}
