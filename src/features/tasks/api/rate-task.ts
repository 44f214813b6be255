import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';

/**
 * Rates the vendor's work on a completed task (1–5), once. The database refuses a second rating
 * and derives the vendor's marketplace rating (its listed ratings plus one voice per organisation).
 */
export function rateTask({ id, rating }: { id: string; rating: number }) {
  return run(supabase.from('tasks').update({ rating }).eq('id', id).select('*').single());
}

export function useRateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateTask,
    meta: { errorTitle: 'tasks:errors.update_failed' },
    // The vendor's rating changes with it (lib/query-roots: tasks are shown by vendors too).
    onSuccess: () => invalidateAfterWrite(queryClient, ['tasks']),
  });
}
