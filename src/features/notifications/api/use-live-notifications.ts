import { useTableChanges } from '@/lib/realtime/use-table-changes';
import { INBOX_REFRESH_MS, LIVE_INBOX_REFRESH_MS, notificationKeys } from './notification-keys';

/**
 * The bell live (issue 16): a notification inserted for this member (or read in another tab)
 * refreshes the unread count and the open panel at once, through Realtime on public.notifications
 * (RLS sends each member only their own rows). Returns how often to poll: slowly while the
 * subscription is live, every minute as the fallback while it is not.
 */
export function useLiveNotifications(organizationId: string | null | undefined): { refetchInterval: number } {
  const { live } = useTableChanges({
    table: 'notifications',
    scope: organizationId,
    queryKeys: [notificationKeys.inbox()],
  });
  return { refetchInterval: live ? LIVE_INBOX_REFRESH_MS : INBOX_REFRESH_MS };
}
