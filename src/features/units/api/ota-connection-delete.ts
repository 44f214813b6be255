import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/**
 * Deletes a connection: its export link stops working, its sync log and import bookkeeping go;
 * the stays it imported remain as bookings of the unit.
 */
export function deleteOtaConnection(id: string) {
  return run(supabase.from('ota_connections').delete().eq('id', id).select('id').single());
}

export function useDeleteOtaConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOtaConnection,
    meta: { errorTitle: 'channels:ota.errors.delete_failed' },
    onSettled: () => invalidateAfterWrite(queryClient, ['units', 'bookings']),
  });
}
