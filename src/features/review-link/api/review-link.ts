import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { isRetryable, toAppError } from '@/lib/errors';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';

/**
 * The guest's review link (issue 13): `review_invitation(token)` reads what the form shows,
 * `submit_review_with_link(token, rating, message)` sends the review once. The database answers a
 * link that cannot be used with its own SQLSTATE: unknown or replaced PT404, used PT409, expired
 * PT410 (supabase/migrations/20261125050000_review_links.sql).
 */
export type LinkState = 'invalid' | 'used' | 'expired';

const LINK_STATES: Record<string, LinkState> = { PT404: 'invalid', PT409: 'used', PT410: 'expired' };

/** Why a link cannot be used, or null when the failure is something else (network, server). */
export function linkStateOf(error: unknown): LinkState | null {
  return LINK_STATES[toAppError(error).code ?? ''] ?? null;
}

/** A token as the database issues it: 64 hex digits. Anything else is not a link of ours. */
export const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export const reviewLinkKeys = {
  all: ['review-link'] as const,
  invitation: (token: string) => [...reviewLinkKeys.all, 'invitation', token] as const,
};

async function getInvitation(token: string, signal?: AbortSignal) {
  return run(supabase.rpc('review_invitation', { token }).single(), { signal });
}

export type ReviewInvitation = Awaited<ReturnType<typeof getInvitation>>;

export function reviewInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: reviewLinkKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    // A used, expired or unknown link stays so: asking again would not change the answer.
    retry: (failures, error) => linkStateOf(error) === null && isRetryable(error) && failures < 3,
    staleTime: Infinity,
  });
}

export function useReviewInvitation(token: string) {
  return useQuery(reviewInvitationQueryOptions(token));
}

export interface ReviewValues {
  rating: number;
  message: string;
}

export function useSubmitReview(token: string) {
  return useMutation({
    // The form shows a refusal under itself, and a used or expired link replaces the form.
    retry: false,
    meta: { skipErrorToast: true },
    mutationFn: (values: ReviewValues) =>
      run(
        supabase.rpc('submit_review_with_link', {
          token,
          rating: values.rating,
          message: values.message.trim() || undefined,
        }),
      ),
  });
}
