import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import type { TablesInsert } from '@/types/database';
import type { BookingFormOutput } from '../schemas';
import { BOOKING_COLUMNS } from './get-booking';
import { bookingKeys } from './keys';

/**
 * Create (no id) or update a booking with the output of the form's schema (validated). The
 * database checks availability again (trigger and exclusion constraint) and computes the total;
 * the saved row is returned with both.
 */
export async function saveBooking({ id, values: row }: { id?: string; values: BookingFormOutput }) {
  const request = id
    ? supabase.from('bookings').update(row).eq('id', id).select(BOOKING_COLUMNS).single()
    : // booking_reference is NOT NULL without a default: the bookings_before_write trigger always
      // generates it, so the request leaves it out.
      supabase
        .from('bookings')
        .insert(row as TablesInsert<'bookings'>)
        .select(BOOKING_COLUMNS)
        .single();
  return run(request);
}

export function useSaveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBooking,
    // Not idempotent (an insert): a retry could double-book the guest.
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: async (booking) => {
      queryClient.setQueryData(bookingKeys.detail(booking.id), booking);
      await invalidateAfterWrite(queryClient, ['bookings']);
    },
  });
}
