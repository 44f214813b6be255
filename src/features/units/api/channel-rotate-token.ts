import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { channelKeys } from './channel-keys';

/** A new export address for the connection; the old one stops working at once. */
export function rotateChannelToken(connectionId: string) {
  return run(supabase.rpc('rotate_ical_export_token', { connection_id: connectionId }));
}

export function useRotateChannelToken(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateChannelToken,
    meta: { errorTitle: 'channels:errors.rotate_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.connections(unitId) }),
  });
}
