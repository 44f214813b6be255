import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { automationKeys } from './keys';

/** Deletes a rule and its run log (automations.write). */
export async function deleteAutomationRule(id: string): Promise<void> {
  await run(supabase.from('automation_rules').delete().eq('id', id));
}

export function useDeleteAutomationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAutomationRule,
    retry: false,
    meta: { errorTitle: 'automation:errors.delete_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}
