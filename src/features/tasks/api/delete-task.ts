import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { runCounted } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { taskKeys } from './keys';

export async function deleteTask(id: string) {
  const { count } = await runCounted(supabase.from('tasks').delete({ count: 'exact' }).eq('id', id));
  // RLS hides what the caller may not delete: nothing deleted is a refusal, not a success.
  if (count === 0) throw toAppError({ code: '42501', message: 'permission denied' });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    meta: { errorTitle: 'tasks:errors.delete_failed' },
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: taskKeys.detail(id) });
      await invalidateAfterWrite(queryClient, ['tasks']);
    },
  });
}
