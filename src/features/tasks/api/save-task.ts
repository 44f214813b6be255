import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { toTaskPayload, type TaskFormValues } from '../schemas';
import { taskKeys } from './keys';

export interface SaveTaskInput {
  /** Absent for a new task. */
  id?: string;
  values: TaskFormValues;
  timeZone: string;
}

/** Creates or edits a task with its checklist in one write. */
export async function saveTask({ id, values, timeZone }: SaveTaskInput) {
  const payload = toTaskPayload(values, timeZone);
  const { data, error } = id
    ? await supabase.from('tasks').update(payload).eq('id', id).select('*').single()
    : await supabase.from('tasks').insert(payload).select('*').single();
  if (error) throw toAppError(error);
  return data;
}

/** The form shows a failed save itself ("Failed to create task"), next to the fields it keeps. */
export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTask,
    meta: { skipErrorToast: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
