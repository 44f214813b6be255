import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { LockAccountInput } from '../lib/integration-schema';
import { integrationKeys } from './integration-keys';

/**
 * Saves the organisation's TTLock account (set_lock_integration): write-only, a blank secret
 * keeps the stored one; the account is pending until tested.
 */
export async function saveLockIntegration(input: LockAccountInput): Promise<void> {
  const blankAsKeep = (value: string) => (value.trim() === '' ? undefined : value);
  await run(
    supabase.rpc('set_lock_integration', {
      username: input.username.trim(),
      password: blankAsKeep(input.password),
      client_id: blankAsKeep(input.client_id)?.trim(),
      client_secret: blankAsKeep(input.client_secret)?.trim(),
    }),
  );
}

export function useSaveLockIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLockIntegration,
    retry: false,
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.list() }),
  });
}
