import { useMutation, useQueryClient } from '@tanstack/react-query';
import { providerTestSchema, type MessagingProvider } from '../lib/messaging-provider-schema';
import { integrationKeys } from './integration-keys';
import { invokeIntegration } from './integrations-invoke';

/** "Test connection": the messaging function asks the provider with the organisation's account. */
export function testMessagingProvider(provider: MessagingProvider) {
  return invokeIntegration('messaging/providers/test', providerTestSchema, { provider });
}

export function useTestMessagingProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testMessagingProvider,
    meta: { skipErrorToast: true },
    // The test records the status, its reason and its time either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.messagingProviders() }),
  });
}
