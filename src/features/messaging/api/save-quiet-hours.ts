import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { quietHoursSchema, type QuietHours } from '../lib/message-template-schema';
import { messagingKeys } from './messaging-keys';

/** Quiet hours (set_messaging_settings, settings.manage). */
export async function saveQuietHours(values: QuietHours): Promise<void> {
  await run(supabase.rpc('set_messaging_settings', { settings: quietHoursSchema.parse(values) }));
}

export function useSaveQuietHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuietHours,
    retry: false,
    meta: { errorTitle: 'messaging:errors.save_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingKeys.settings() }),
  });
}
