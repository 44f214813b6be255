import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';

/** Ticks one checklist item; the vendor's only way to change a task besides start/complete. */
export function setChecklistItem({ id, index, done }: { id: string; index: number; done: boolean }) {
  return run(supabase.rpc('set_task_checklist_item', { task_id: id, item_index: index, done }));
}

export function useSetChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChecklistItem,
    meta: { errorTitle: 'tasks:errors.update_failed' },
    onSuccess: () => invalidateAfterWrite(queryClient, ['tasks']),
  });
}
