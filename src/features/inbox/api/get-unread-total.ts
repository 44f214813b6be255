import { queryOptions, useQuery } from '@tanstack/react-query';
import { runCounted } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { INBOX_POLL_MS, inboxKeys } from './inbox-keys';

/**
 * Inbound messages no one has opened yet (seen_at null), across the organisation: a HEAD count
 * under the messages policy (messages.read; other roles count none and do not see the link).
 */
export async function getUnreadTotal(signal?: AbortSignal): Promise<number> {
  const { count } = await runCounted(
    supabase
      .from('messages')
      .select('id', { count: 'exact', head: true })
      .eq('direction', 'inbound')
      .is('seen_at', null),
    { signal },
  );
  return count;
}

export function unreadTotalQueryOptions() {
  return queryOptions({
    queryKey: inboxKeys.unreadTotal(),
    queryFn: ({ signal }) => getUnreadTotal(signal),
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useUnreadTotal(options: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadTotalQueryOptions(), enabled: options.enabled ?? true });
}
