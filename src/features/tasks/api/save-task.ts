import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { toTaskPayload, type TaskFormValues } from '../schemas';

export interface SaveTaskInput {
  /** Absent for a new task. */
  id?: string;
  values: TaskFormValues;
  timeZone: string;
}

/** Creates or edits a task with its checklist in one write. */
export function saveTask({ id, values, timeZone }: SaveTaskInput) {
  const payload = toTaskPayload(values, timeZone);
  return run(
    id
      ? supabase.from('tasks').update(payload).eq('id', id).select('*').single()
      : supabase.from('tasks').insert(payload).select('*').single(),
  );
}

/** The form shows a failed save itself ("Failed to create task"), next to the fields it keeps. */
export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTask,
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['tasks']),
  });
}
