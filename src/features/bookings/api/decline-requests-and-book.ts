import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import type { BookingFormOutput } from '../schemas';
import { getBooking } from './get-booking';
import { bookingKeys } from './keys';

export interface DeclineAndBookArgs {
  /** The public requests the staff member saw in the way and chose to decline. */
  requestIds: string[];
  /** Save these changed dates of an existing booking instead of creating one. */
  bookingId?: string;
  values: BookingFormOutput;
}

/**
 * Declines the listed public requests and saves the booking in one database transaction
 * (decline_requests_and_book RPC): both happen or neither, so a refused booking never leaves a
 * guest's request declined for nothing. Returns the saved booking as the details dialog reads it.
 */
export async function declineRequestsAndBook({ requestIds, bookingId, values }: DeclineAndBookArgs) {
  const saved = await run(
    supabase.rpc('decline_requests_and_book', {
      request_ids: requestIds,
      unit_id: values.unit_id,
      client_id: values.client_id,
      check_in: values.check_in,
      check_out: values.check_out,
      guests_count: values.guests_count,
      source: values.source,
      special_requests: values.special_requests ?? undefined,
      booking_id: bookingId,
    }),
  );
  return getBooking(saved.id);
}

export function useDeclineRequestsAndBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineRequestsAndBook,
    // Not idempotent (declines and inserts): a retry could double-book the guest.
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: async (booking) => {
      queryClient.setQueryData(bookingKeys.detail(booking.id), booking);
      // Everything under bookings (lists, calendars and their requests, the declined requests'
      // details, the quote and the conflicts of these dates) and every other feature showing
      // bookings: the overview, the unit's month, the client's stays, the tasks' stays.
      await invalidateAfterWrite(queryClient, ['bookings']);
    },
  });
}
