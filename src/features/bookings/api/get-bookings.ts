import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { BookingListParams, BookingSource, BookingStatus } from '../schemas';
import { bookingKeys } from './keys';
import { releaseLapsedRequests } from '@/lib/release-lapsed-requests';

export interface BookingListRow {
  id: string;
  booking_reference: string;
  status: BookingStatus;
  source: BookingSource;
  check_in: string;
  check_out: string;
  nights: number;
  guests_count: number;
  total_amount: number;
  created_at: string;
  unit: { id: string; name: string; name_ar: string | null };
  client: { id: string; name: string; phone: string };
}
export interface BookingPage {
  total: number;
  rows: BookingListRow[];
}

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
  const data = await run(request, { signal });
  return data as unknown as BookingPage;
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
