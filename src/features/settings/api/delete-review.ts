import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { toAppError } from '@/lib/errors';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/** Deletes one review for good; like an update, RLS answers a member without `reviews.manage` with zero rows. */
export async function deleteReview(id: string): Promise<void> {
  const rows = await run(supabase.from('reviews').delete().eq('id', id).select('id'));
  if (rows.length === 0) throw toAppError({ code: '42501', message: 'permission denied' });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    retry: false,
    meta: { errorTitle: 'reviews:errors.delete_failed' },
    onSuccess: () => invalidateAfterWrite(queryClient, ['reviews']),
  });
}
