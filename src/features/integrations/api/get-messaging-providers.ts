import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { messagingProvidersSchema } from '../lib/messaging-provider-schema';
import { integrationKeys } from './integration-keys';

/** The WhatsApp and SMS setup of the organisation (messaging_settings, RLS: integrations.read). */
export async function getMessagingProviders({ signal }: { signal?: AbortSignal } = {}) {
  return await run(
    supabase
      .from('messaging_settings')
      .select(
        'whatsapp_phone_number_id, whatsapp_business_account_id, whatsapp_display_phone, whatsapp_status, whatsapp_error, whatsapp_tested_at, sms_provider, sms_sender, sms_status, sms_error, sms_tested_at',
      )
      .maybeSingle(),
    { signal, schema: messagingProvidersSchema.nullable() },
  );
}

export const messagingProvidersQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.messagingProviders(),
    queryFn: ({ signal }) => getMessagingProviders({ signal }),
  });

export function useMessagingProviders(options: { enabled?: boolean } = {}) {
  return useQuery({ ...messagingProvidersQueryOptions(), enabled: options.enabled ?? true });
}
