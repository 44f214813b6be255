import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { messageSchema, type SendMessageInput } from '../schemas';
import { inboxKeys } from './inbox-keys';

/**
 * Queues a message (send_message, contract §1.3); the messaging function sends it after commit.
 * The draft's idempotency key makes a retry after a lost answer return the first row, not a
 * second message to the guest.
 */
export async function sendMessage(input: SendMessageInput) {
  return run(
    supabase.rpc('send_message', {
      client_id: input.clientId,
      channel: input.channel,
      body: input.body,
      booking_id: input.bookingId ?? undefined,
      template_id: input.templateId ?? undefined,
      subject: input.subject ?? undefined,
      idempotency_key: input.idempotencyKey,
    }),
    { schema: messageSchema },
  );
}

export function useSendMessage(conversationKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // The composer shows every refusal under the draft, in words (message-composer.tsx).
    meta: { skipErrorToast: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.thread(conversationKey) }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.conversations() }),
      ]);
    },
  });
}
