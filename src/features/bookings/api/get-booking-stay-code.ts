import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

/** The door code of one stay (a code per stay), or null when the booking has none. */
export function getBookingStayCode(bookingId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('booking_lock_codes')
      .select('id, code, starts_at, ends_at, wanted, state, last_error, next_attempt_at')
      .eq('booking_id', bookingId)
      .maybeSingle(),
    { signal },
  );
}

export function bookingStayCodeQueryOptions(bookingId: string) {
  return queryOptions({
    // Under the booking's detail: a booking change (confirm, move, cancel) refreshes it.
    queryKey: [...bookingKeys.detail(bookingId), 'stay-code'] as const,
    queryFn: ({ signal }) => getBookingStayCode(bookingId, signal),
  });
}

export function useBookingStayCode(bookingId: string) {
  return useQuery(bookingStayCodeQueryOptions(bookingId));
}
