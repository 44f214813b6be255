import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { messageAutomationSchema } from '../lib/message-template-schema';
import { messagingKeys } from './messaging-keys';

/** One row per automatic kind: on or off, and its days (RLS: messages.read). */
export async function getMessageAutomations({ signal }: { signal?: AbortSignal } = {}) {
  return await run(supabase.from('message_automations').select('kind, enabled, days'), {
    signal,
    schema: z.array(messageAutomationSchema),
  });
}

export const messageAutomationsQueryOptions = () =>
  queryOptions({ queryKey: messagingKeys.automations(), queryFn: ({ signal }) => getMessageAutomations({ signal }) });

export function useMessageAutomations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...messageAutomationsQueryOptions(), enabled: options.enabled ?? true });
}
