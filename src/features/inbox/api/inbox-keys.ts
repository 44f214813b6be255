import { queryRoots } from '@/lib/query-roots';
import type { ConversationFilters } from './get-conversations';

/** Query keys of the inbox, broad to narrow (STYLE 3). */
export const inboxKeys = {
  all: queryRoots.inbox,
  conversations: () => [...inboxKeys.all, 'conversations'] as const,
  conversationList: (filters: ConversationFilters) => [...inboxKeys.conversations(), filters] as const,
  /** The total of unread inbound messages: the navigation's badge. */
  unreadTotal: () => [...inboxKeys.all, 'unread-total'] as const,
  threads: () => [...inboxKeys.all, 'thread'] as const,
  thread: (conversationKey: string) => [...inboxKeys.threads(), conversationKey] as const,
  whatsappWindows: () => [...inboxKeys.all, 'whatsapp-window'] as const,
  whatsappWindow: (clientId: string) => [...inboxKeys.whatsappWindows(), clientId] as const,
  guest: (clientId: string) => [...inboxKeys.all, 'guest', clientId] as const,
  templates: () => [...inboxKeys.all, 'templates'] as const,
  rendered: (templateId: string, bookingId: string | null, language: string) =>
    [...inboxKeys.all, 'rendered', templateId, bookingId, language] as const,
};

/**
 * How often an open inbox asks again without a Realtime event (the connection may be down); the
 * window's focus refetches too.
 */
export const INBOX_POLL_MS = 60_000;
