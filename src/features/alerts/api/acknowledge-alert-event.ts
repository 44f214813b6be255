import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { alertsKeys } from './keys';

/** Acknowledges a fired alert (automations.write; 404 when it is not the organisation's). */
export async function acknowledgeAlertEvent(eventId: string): Promise<void> {
  await run(supabase.rpc('acknowledge_alert_event', { event_id: eventId }));
}

export function useAcknowledgeAlertEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlertEvent,
    retry: false,
    meta: { errorTitle: 'alerts:errors.acknowledge_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.all }),
  });
}
