import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { messagingKeys } from './messaging-keys';

/**
 * Deletes a template (settings.manage). An automatic message without its template falls back
 * to the built-in text of guest-notify, which the screen says before asking.
 */
export async function deleteMessageTemplate(id: string): Promise<void> {
  await run(supabase.from('message_templates').delete().eq('id', id));
}

export function useDeleteMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessageTemplate,
    retry: false,
    meta: { errorTitle: 'messaging:errors.delete_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingKeys.templates() }),
  });
}
