import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/**
 * Disconnects a connection (no sync, by hand or on schedule, until reconnected; its export link
 * keeps working) or reconnects it. Reconnecting writes any other status: the database replaces it
 * by the one it derives (20261129100000_ota_connection_status.sql).
 */
export function setOtaConnectionDisconnected({ id, disconnected }: { id: string; disconnected: boolean }) {
  return run(
    supabase
      .from('ota_connections')
      .update({ status: disconnected ? 'disconnected' : 'setup_required' })
      .eq('id', id)
      .select('id, status')
      .single(),
  );
}

export function useSetOtaConnectionDisconnected() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOtaConnectionDisconnected,
    meta: { errorTitle: 'channels:ota.errors.status_failed' },
    onSettled: () => invalidateAfterWrite(queryClient, ['units']),
  });
}
