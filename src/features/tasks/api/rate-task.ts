import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

/**
 * Rates the vendor's work on a completed task (1–5). The database keeps the vendor's
 * marketplace rating as the mean of these ratings.
 */
export function rateTask({ id, rating }: { id: string; rating: number }) {
  return run(supabase.from('tasks').update({ rating }).eq('id', id).select('*').single());
}

export function useRateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateTask,
    meta: { errorTitle: 'tasks:errors.update_failed' },
    onSuccess: async () => {
      // The vendor's mean changed too: the marketplace reads it again when next shown.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['vendors'] }),
      ]);
    },
  });
}
