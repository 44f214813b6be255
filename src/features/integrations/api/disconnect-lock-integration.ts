import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { integrationKeys } from './integration-keys';

/** Forgets the organisation's TTLock secrets and tokens (disconnect_lock_integration). */
export async function disconnectLockIntegration(): Promise<void> {
  await run(supabase.rpc('disconnect_lock_integration'));
}

export function useDisconnectLockIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectLockIntegration,
    retry: false,
    meta: { errorTitle: 'integrations:errors.disconnect_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.list() }),
  });
}
