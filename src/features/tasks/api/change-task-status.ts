import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';

/** Start → in progress, complete → completed (the database records when and who), cancel. */
export type TaskAction = 'start' | 'complete' | 'cancel';

const RPC = { start: 'start_task', complete: 'complete_task', cancel: 'cancel_task' } as const;

export function changeTaskStatus({ id, action }: { id: string; action: TaskAction }) {
  return run(supabase.rpc(RPC[action], { task_id: id }));
}

/** Staff and vendor views alike; a failure says "Failed to update task" with the reason. */
export function useChangeTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTaskStatus,
    meta: { errorTitle: 'tasks:errors.update_failed' },
    onSuccess: () => invalidateAfterWrite(queryClient, ['tasks']),
  });
}
