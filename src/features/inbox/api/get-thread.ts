import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { MESSAGE_COLUMNS, messageSchema } from '../schemas';
import { INBOX_POLL_MS, inboxKeys } from './inbox-keys';

/** The newest messages a thread shows; older ones are a later issue's paging. */
export const THREAD_LIMIT = 200;

/**
 * The messages of one conversation, oldest first: a client's messages on every channel, or
 * those to and from an address no client has (`address:<e164>`).
 */
export async function getThread(conversationKey: string, signal?: AbortSignal) {
  const [kind, ...rest] = conversationKey.split(':');
  const value = rest.join(':');
  let request = supabase.from('messages').select(MESSAGE_COLUMNS);
  if (kind === 'client') request = request.eq('client_id', value);
  else {
    // Quoted: an address holds `+`, `@` and `.`, which PostgREST's or-syntax would read otherwise.
    const quoted = `"${value.replace(/"/g, '')}"`;
    request = request.is('client_id', null).or(`from_address.eq.${quoted},to_address.eq.${quoted}`);
  }
  const rows = await run(request.order('created_at', { ascending: false }).limit(THREAD_LIMIT), {
    signal,
    schema: z.array(messageSchema),
  });
  return rows.reverse();
}

export function threadQueryOptions(conversationKey: string) {
  return queryOptions({
    queryKey: inboxKeys.thread(conversationKey),
    queryFn: ({ signal }) => getThread(conversationKey, signal),
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useThread(conversationKey: string | null) {
  return useQuery({ ...threadQueryOptions(conversationKey ?? ''), enabled: conversationKey !== null });
}
