import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { AutomaticKind } from '../lib/message-template-schema';
import { messagingKeys } from './messaging-keys';

export interface MessageAutomationInput {
  kind: AutomaticKind;
  enabled: boolean;
  days: number | null;
}

/** Turns an automatic message on or off and sets its days (set_message_automation, settings.manage). */
export async function saveMessageAutomation({ kind, enabled, days }: MessageAutomationInput): Promise<void> {
  await run(supabase.rpc('set_message_automation', { kind, enabled, days: days ?? undefined }));
}

export function useSaveMessageAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageAutomation,
    retry: false,
    meta: { errorTitle: 'messaging:errors.save_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingKeys.automations() }),
  });
}
