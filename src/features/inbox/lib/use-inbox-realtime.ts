import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';
import { inboxKeys } from '../api/inbox-keys';

/** Changes arriving together (a send and its status a moment later) refresh once. */
const SETTLE_MS = 150;

/**
 * Live inbox (contract §3): every insert or update of the organisation's messages — a guest's
 * reply, a delivery receipt — refreshes the list, the open thread, the unread badge and the
 * WhatsApp window, without a reload. The polling and focus refetch of the queries stay as the
 * fallback while the connection is down.
 */
export function useInboxRealtime(organizationId: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!organizationId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let joined = false;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const queryKey of [
          inboxKeys.conversations(),
          inboxKeys.unreadTotal(),
          inboxKeys.threads(),
          inboxKeys.whatsappWindows(),
        ]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }, SETTLE_MS);
    };
    const channel = supabase
      .channel(`inbox:${organizationId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'messages', filter: `organization_id=eq.${organizationId}` },
        refresh,
      )
      .subscribe((status) => {
        if (status !== REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) return;
        // Joined again after an outage: what changed meanwhile came with no event. (The first
        // join needs nothing: the queries have just loaded.)
        if (joined) refresh();
        joined = true;
      });
    return () => {
      clearTimeout(timer);
      void supabase.removeChannel(channel);
    };
  }, [organizationId, queryClient]);
}
