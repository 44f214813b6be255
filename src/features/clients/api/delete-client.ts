import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';

/** SQLSTATE foreign_key_violation: bookings keep their guest, so a client with bookings stays. */
const HAS_BOOKINGS = '23503';

export async function deleteClient(id: string): Promise<void> {
  await run(supabase.from('clients').delete().eq('id', id));
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    retry: false,
    // "Failed to delete client." with the reason; a client with bookings is refused with that
    // reason, not "check your input".
    meta: { errorTitle: 'clients:delete.failed', errorReasons: { [HAS_BOOKINGS]: 'clients:delete.has_bookings' } },
    // Guest names show on bookings and in the guest picker too.
    onSuccess: () => invalidateAfterWrite(queryClient, ['clients']),
  });
}
