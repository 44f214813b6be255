import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { conversationSchema, type Conversation, type MessageChannel } from '../schemas';
import { INBOX_POLL_MS, inboxKeys } from './inbox-keys';

export interface ConversationFilters {
  search: string;
  channel: MessageChannel | null;
  unreadOnly: boolean;
}

/** How many conversations one page of the list holds (the RPC's own default). */
export const CONVERSATION_PAGE_SIZE = 30;

/**
 * One page of the organisation's conversations, most recent first (inbox_conversations, contract
 * §1.3); `before` (the last shown conversation's time) asks for the next, older page.
 */
export async function getConversations(filters: ConversationFilters, before: string | null, signal?: AbortSignal) {
  return run(
    supabase.rpc('inbox_conversations', {
      search: filters.search || undefined,
      channel: filters.channel ?? undefined,
      unread_only: filters.unreadOnly,
      page_size: CONVERSATION_PAGE_SIZE,
      before: before ?? undefined,
    }),
    { signal, schema: z.array(conversationSchema) },
  );
}

/** The time the next page starts before: none once a page came back short. */
export function nextPageCursor(page: Conversation[]): string | null {
  if (page.length < CONVERSATION_PAGE_SIZE) return null;
  return page.at(-1)?.last_message_at ?? null;
}

export function conversationsQueryOptions(filters: ConversationFilters) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.conversationList(filters),
    queryFn: ({ signal, pageParam }) => getConversations(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageCursor,
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}

/** The loaded pages as one list; a conversation that moved up between pages is shown once. */
export function useConversations(filters: ConversationFilters) {
  const query = useInfiniteQuery(conversationsQueryOptions(filters));
  const seen = new Set<string>();
  const rows = query.data?.pages
    .flat()
    .filter((row) => !seen.has(row.conversation_key) && seen.add(row.conversation_key));
  return { ...query, rows };
}
