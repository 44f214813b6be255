import { useTableChanges } from '@/lib/realtime/use-table-changes';
import { inboxKeys } from '../api/inbox-keys';

/** What a change of a message refreshes on the inbox screen. */
const INBOX_LIVE_KEYS = [
  inboxKeys.conversations(),
  inboxKeys.unreadTotal(),
  inboxKeys.threads(),
  inboxKeys.whatsappWindows(),
] as const;

/**
 * Live inbox (contract §3): every insert or update of the organisation's messages — a guest's
 * reply, a delivery receipt — refreshes the list (reordered, unread counts), the open thread, the
 * unread badge and the WhatsApp window, without a reload; Realtime postgres_changes on
 * public.messages filtered by organization_id (lib/realtime). The queries' polling and focus
 * refetch stay as the fallback while the connection is down.
 */
export function useInboxRealtime(organizationId: string | null | undefined): void {
  useTableChanges({ table: 'messages', scope: organizationId, queryKeys: INBOX_LIVE_KEYS });
}

/** The navigation's unread badge, live on every dashboard screen (only inbound inserts and seen updates matter). */
export function useLiveUnreadTotal(organizationId: string | null | undefined): void {
  useTableChanges({ table: 'messages', scope: organizationId, queryKeys: [inboxKeys.unreadTotal()] });
}
