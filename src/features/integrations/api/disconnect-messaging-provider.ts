import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { MessagingProvider } from '../lib/messaging-provider-schema';
import { integrationKeys } from './integration-keys';

/** Forgets the provider's token and ids (disconnect_messaging_provider, integrations.write). */
export async function disconnectMessagingProvider(provider: MessagingProvider): Promise<void> {
  await run(supabase.rpc('disconnect_messaging_provider', { provider }));
}

export function useDisconnectMessagingProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectMessagingProvider,
    retry: false,
    meta: { errorTitle: 'integrations:errors.messaging_disconnect_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.messagingProviders() }),
  });
}
