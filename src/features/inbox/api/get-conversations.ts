import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { conversationSchema, type MessageChannel } from '../schemas';
import { INBOX_POLL_MS, inboxKeys } from './inbox-keys';

export interface ConversationFilters {
  search: string;
  channel: MessageChannel | null;
  unreadOnly: boolean;
}

/** How many conversations one page of the list holds (the RPC's own default). */
export const CONVERSATION_PAGE_SIZE = 30;

/** The organisation's conversations, most recent first (inbox_conversations, contract §1.3). */
export async function getConversations(filters: ConversationFilters, signal?: AbortSignal) {
  return run(
    supabase.rpc('inbox_conversations', {
      search: filters.search || undefined,
      channel: filters.channel ?? undefined,
      unread_only: filters.unreadOnly,
      page_size: CONVERSATION_PAGE_SIZE,
    }),
    { signal, schema: z.array(conversationSchema) },
  );
}

export function conversationsQueryOptions(filters: ConversationFilters) {
  return queryOptions({
    queryKey: inboxKeys.conversationList(filters),
    queryFn: ({ signal }) => getConversations(filters, signal),
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}

export function useConversations(filters: ConversationFilters) {
  return useQuery(conversationsQueryOptions(filters));
}
