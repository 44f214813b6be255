import { queryOptions, useQuery } from '@tanstack/react-query';
import { runCounted } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { INBOX_REFRESH_MS, notificationKeys } from './notification-keys';

/** How many of the member's notifications are unread: a HEAD count on the partial index. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const { count } = await runCounted(
    supabase.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null),
    { signal },
  );
  return count;
}

export function unreadCountQueryOptions(refetchInterval = INBOX_REFRESH_MS) {
  return queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval,
    refetchOnWindowFocus: true,
  });
}

/** `refetchInterval`: slower while the bell is live (use-live-notifications). */
export function useUnreadCount(options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({ ...unreadCountQueryOptions(options.refetchInterval), enabled: options.enabled ?? true });
}
