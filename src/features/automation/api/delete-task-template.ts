import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { automationKeys } from './keys';

/** Deletes a task template (automations.write); one a rule uses is refused (409 task_template_in_use). */
export async function deleteTaskTemplate(id: string): Promise<void> {
  await run(supabase.from('task_templates').delete().eq('id', id));
}

export function useDeleteTaskTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaskTemplate,
    retry: false,
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.taskTemplates() }),
  });
}
