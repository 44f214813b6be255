import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { SmsFormInput, WhatsappFormInput } from '../lib/messaging-provider-schema';
import { integrationKeys } from './integration-keys';

export type SaveMessagingProviderInput =
  { provider: 'whatsapp'; values: WhatsappFormInput } | { provider: 'sms'; values: SmsFormInput };

/**
 * Saves the organisation's WhatsApp number or SMS account (set_messaging_provider,
 * integrations.write). Tokens are write-only: a blank one keeps what is stored; for SMS, "use
 * Nuzl's account" forgets the organisation's token (disconnect) and saves the rest without one.
 */
export async function saveMessagingProvider(input: SaveMessagingProviderInput): Promise<void> {
  if (input.provider === 'whatsapp') {
    const { phone_number_id, business_account_id, display_phone, access_token } = input.values;
    await run(
      supabase.rpc('set_messaging_provider', {
        provider: 'whatsapp',
        settings: {
          phone_number_id: phone_number_id.trim(),
          business_account_id: business_account_id.trim(),
          display_phone: display_phone.trim() || null,
        },
        secret: access_token.trim() || undefined,
      }),
    );
    return;
  }
  const { provider, sender, use_platform, token } = input.values;
  // Back to Nuzl's account: the organisation's token is forgotten first (a blank one would keep it).
  if (use_platform) await run(supabase.rpc('disconnect_messaging_provider', { provider: 'sms' }));
  await run(
    supabase.rpc('set_messaging_provider', {
      provider: 'sms',
      settings: { provider, sender: sender.trim() || null },
      secret: use_platform ? undefined : token.trim() || undefined,
    }),
  );
}

export function useSaveMessagingProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessagingProvider,
    retry: false,
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.messagingProviders() }),
  });
}
