import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { Conversation } from '../schemas';
import { inboxKeys } from './inbox-keys';

const guestSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  preferred_language: z.string().nullable(),
  messages_opt_out: z.boolean().nullable(),
});

/**
 * A deep link (`?c=client:<uuid>`, the client page's "Message") to a guest the loaded list does
 * not hold (another page, a filter, no message yet): the conversation built from the client row,
 * without a stay. Null when the client does not exist or is not the organisation's.
 */
export async function getConversationGuest(clientId: string, signal?: AbortSignal): Promise<Conversation | null> {
  const row = await run(
    supabase
      .from('clients')
      .select('id, name, phone, email, preferred_language, messages_opt_out')
      .eq('id', clientId)
      .maybeSingle(),
    { signal, schema: guestSchema.nullable() },
  );
  if (!row) return null;
  return {
    conversation_key: `client:${row.id}`,
    client_id: row.id,
    client_name: row.name,
    client_phone: row.phone,
    client_email: row.email,
    preferred_language: row.preferred_language,
    opted_out: row.messages_opt_out === true,
    booking_id: null,
    booking_reference: null,
    unit_name: null,
    check_in: null,
    check_out: null,
    last_message_at: null,
    last_body: null,
    last_direction: null,
    last_channel: null,
    last_status: null,
    unread_count: 0,
  };
}

export function conversationGuestQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: inboxKeys.guest(clientId),
    queryFn: ({ signal }) => getConversationGuest(clientId, signal),
  });
}

export function useConversationGuest(clientId: string | null) {
  return useQuery({ ...conversationGuestQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
