import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { inboxKeys } from './inbox-keys';

/** Marks a conversation's inbound messages as seen by staff; answers how many were unread. */
export async function markConversationSeen(conversationKey: string): Promise<number> {
  return run(supabase.rpc('mark_conversation_seen', { conversation_key: conversationKey }), {
    schema: z
      .number()
      .int()
      .nullable()
      .transform((value) => value ?? 0),
  });
}

export function useMarkConversationSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationSeen,
    // Background bookkeeping when a thread opens: a failure leaves the unread badge as it was and
    // the next opening tries again; a toast would interrupt for nothing the user can do.
    meta: { skipErrorToast: true },
    onSuccess: async (changed) => {
      // Nothing was unread: the list and the badge are already right.
      if (changed === 0) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.conversations() }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.unreadTotal() }),
      ]);
    },
  });
}
