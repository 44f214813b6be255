import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import type { LockSettingsInput } from './lock-schema';
import { lockKeys } from './lock-keys';

/**
 * Saves the unit's lock identifiers and, when any is typed, the lock account through
 * set_unit_lock_credentials() (write-only: blank password, client id or secret keep what is stored).
 */
export async function saveLockSettings(unitId: string, input: LockSettingsInput) {
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());
  await run(
    supabase
      .from('units')
      .update({
        smart_lock_id: blank(input.smart_lock_id),
        lock_mac_address: blank(input.lock_mac_address)?.toLowerCase() ?? null,
        lock_gateway_id: blank(input.lock_gateway_id),
      })
      .eq('id', unitId)
      .select('id')
      .single(),
  );
  const account = {
    account_username: blank(input.account_username),
    account_password: input.account_password === '' ? null : input.account_password,
    client_id: blank(input.client_id),
    client_secret: input.client_secret === '' ? null : input.client_secret,
  };
  if (Object.values(account).some((v) => v !== null)) {
    await run(
      supabase.rpc('set_unit_lock_credentials', {
        unit_id: unitId,
        ...(account as Record<string, string>),
      }),
    );
  }
}

export function useSaveLockSettings(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LockSettingsInput) => saveLockSettings(unitId, input),
    meta: { skipErrorToast: true },
    onSettled: async () => {
      await invalidateAfterWrite(queryClient, ['units']);
      await queryClient.invalidateQueries({ queryKey: lockKeys.all(unitId) });
    },
  });
}
