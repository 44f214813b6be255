import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './api-key-keys';

/**
 * Revokes a key for good: the database stamps revoked_at with its own clock and refuses to clear
 * it (PT409 api_key_revoked), and the public API refuses the key from its next request. RLS lets
 * only api_keys.manage holders of the key's organisation do it; anyone else changes no row.
 */
export async function revokeApiKey(id: string): Promise<void> {
  const rows = await run(
    supabase.from('api_keys').update({ revoked_at: new Date().toISOString() }).eq('id', id).select('id'),
  );
  if (rows.length === 0) throw toAppError({ code: '42501', message: 'permission denied' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    retry: false,
    meta: {
      errorTitle: 'settings:security.api_keys.errors.revoke_failed',
      errorReasons: { PT409: 'settings:security.api_keys.errors.already_revoked' },
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
