import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { releaseLapsedRequests } from '@/lib/release-lapsed-requests';
import { supabase } from '@/lib/supabase';
import { Constants } from '@/types/database';
import type { BookingListParams } from '../schemas';
import { bookingKeys } from './keys';

/** One row of list_bookings() (supabase/migrations/…_bookings_sort_by_name.sql). */
const bookingListRowSchema = z.object({
  id: z.string(),
  booking_reference: z.string(),
  status: z.enum(Constants.public.Enums.booking_status),
  source: z.enum(Constants.public.Enums.booking_source),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number(),
  guests_count: z.number(),
  total_amount: z.number(),
  created_at: z.string(),
  unit: z.object({ id: z.string(), name: z.string(), name_ar: z.string().nullable() }),
  client: z.object({ id: z.string(), name: z.string(), phone: z.string() }),
});

/** The JSON list_bookings() returns: one page and the total of all matching bookings. */
export const bookingPageSchema = z.object({ total: z.number(), rows: z.array(bookingListRowSchema) });

export type BookingListRow = z.infer<typeof bookingListRowSchema>;
export type BookingPage = z.infer<typeof bookingPageSchema>;

/** One page from list_bookings: searched, filtered, sorted and counted on the server. */
export async function getBookings(params: BookingListParams, signal?: AbortSignal): Promise<BookingPage> {
  await releaseLapsedRequests();
  const request = supabase.rpc('list_bookings', {
    search: params.search.trim() || undefined,
    scope: params.scope,
    statuses: params.statuses.length ? params.statuses : undefined,
    sources: params.sources.length ? params.sources : undefined,
    date_from: params.dateFrom ?? undefined,
    date_to: params.dateTo ?? undefined,
    sort: params.sort,
    ascending: params.ascending,
    page_limit: params.pageSize,
    page_offset: (params.page - 1) * params.pageSize,
  });
  return run(request, { signal, schema: bookingPageSchema });
}

export function bookingsQueryOptions(params: BookingListParams) {
  return queryOptions({
    queryKey: bookingKeys.list(params),
    queryFn: ({ signal }) => getBookings(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBookings(params: BookingListParams) {
  return useQuery(bookingsQueryOptions(params));
}
