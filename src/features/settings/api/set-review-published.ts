import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { toAppError } from '@/lib/errors';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import type { ReviewPage } from './get-reviews';
import { reviewKeys } from './review-keys';

export interface SetReviewPublishedInput {
  id: string;
  published: boolean;
}

/**
 * Publishes or unpublishes one review (SPEC §4); the database stamps `published_at`. RLS lets
 * only holders of `reviews.manage` in the review's organisation change it, and answers anyone
 * else with zero rows rather than an error: that is a refusal too.
 */
export async function setReviewPublished({ id, published }: SetReviewPublishedInput): Promise<void> {
  const rows = await run(supabase.from('reviews').update({ is_published: published }).eq('id', id).select('id'));
  if (rows.length === 0) throw toAppError({ code: '42501', message: 'permission denied' });
}

/** Every cached page showing this review, with its published state set. */
function withPublished(page: ReviewPage | undefined, { id, published }: SetReviewPublishedInput) {
  if (!page) return page;
  return {
    ...page,
    rows: page.rows.map((row) => (row.id === id ? { ...row, is_published: published } : row)),
  };
}

/**
 * The row shows the new state at once; a refusal puts the old one back and toasts "Failed to update
 * the review" with the reason underneath, in the user's language.
 */
export function useSetReviewPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewPublished,
    retry: false,
    meta: { errorTitle: 'reviews:errors.update_failed' },
    onMutate: async (input: SetReviewPublishedInput) => {
      await queryClient.cancelQueries({ queryKey: reviewKeys.lists() });
      const previous = queryClient.getQueriesData<ReviewPage>({ queryKey: reviewKeys.lists() });
      queryClient.setQueriesData<ReviewPage>({ queryKey: reviewKeys.lists() }, (page) => withPublished(page, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, page] of context?.previous ?? []) queryClient.setQueryData(key, page);
    },
    // The list (its filters count the new state) and the public page's reviews and average.
    onSettled: () => invalidateAfterWrite(queryClient, ['reviews']),
  });
}
