import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { toTaskTemplateRow, type TaskTemplateFormValues } from '../lib/automation-schema';
import { automationKeys } from './keys';

export interface SaveTaskTemplateInput {
  /** Absent: a new template. */
  id?: string;
  values: TaskTemplateFormValues;
}

/** Creates or updates a task template (automations.write); the database refuses unknown variables. */
export async function saveTaskTemplate({ id, values }: SaveTaskTemplateInput): Promise<string> {
  const row = toTaskTemplateRow(values);
  const request = id
    ? supabase.from('task_templates').update(row).eq('id', id).select('id').single()
    : supabase.from('task_templates').insert(row).select('id').single();
  const saved = await run(request);
  return saved.id;
}

export function useSaveTaskTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaskTemplate,
    retry: false,
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.taskTemplates() }),
  });
}
