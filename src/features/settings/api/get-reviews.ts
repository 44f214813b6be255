import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseData, runCounted } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { REVIEWS_PAGE_SIZE, type ReviewListParams } from './review-list-params';
import { reviewKeys } from './review-keys';

/** A review with the unit it is about and the stay it was written for (both may be gone or absent). */
const REVIEW_COLUMNS =
  'id, guest_name, rating, message, is_published, published_at, created_at, unit:units(id, name, name_ar), booking:bookings(id, booking_reference, check_in, check_out)';

// Parsed rather than cast: unit and stay are outer joins (a review need not have either), which
// the generated types cannot tell.
const reviewRowSchema = z.object({
  id: z.string(),
  guest_name: z.string(),
  rating: z.number().int().min(1).max(5),
  message: z.string().nullable(),
  is_published: z.boolean(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  unit: z.object({ id: z.string(), name: z.string(), name_ar: z.string().nullable() }).nullable(),
  booking: z
    .object({ id: z.string(), booking_reference: z.string(), check_in: z.string(), check_out: z.string() })
    .nullable(),
});

export type ReviewRow = z.infer<typeof reviewRowSchema>;

export interface ReviewPage {
  rows: ReviewRow[];
  total: number;
}

/**
 * One page of the organisation's reviews, newest first, filtered and counted on the server.
 * RLS keeps the list to the signed-in member's organisation.
 */
export async function getReviews(params: ReviewListParams, signal?: AbortSignal): Promise<ReviewPage> {
  const from = (params.page - 1) * REVIEWS_PAGE_SIZE;
  let query = supabase.from('reviews').select(REVIEW_COLUMNS, { count: 'exact' });
  if (params.status !== 'all') query = query.eq('is_published', params.status === 'published');
  if (params.rating !== 'all') query = query.eq('rating', Number(params.rating));
  query = query
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, from + REVIEWS_PAGE_SIZE - 1);
  const { data, count } = await runCounted(query, { signal });
  return { rows: parseData(z.array(reviewRowSchema), data), total: count };
}

export function reviewsQueryOptions(params: ReviewListParams) {
  return queryOptions({
    queryKey: reviewKeys.list(params),
    queryFn: ({ signal }) => getReviews(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReviews(params: ReviewListParams) {
  return useQuery(reviewsQueryOptions(params));
}
