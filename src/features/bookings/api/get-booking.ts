import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

const BOOKING_COLUMNS =
  'id, booking_reference, status, source, check_in, check_out, nights, guests_count, price_per_night, cleaning_fee, total_amount, special_requests, cancellation_reason, request_expires_at, checked_in_at, checked_out_at, cancelled_at, created_at, unit_id, client_id, unit:units(id, name, name_ar, max_guests), client:clients(id, name, phone, email)';

export function getBooking(id: string, signal?: AbortSignal) {
  return run(supabase.from('bookings').select(BOOKING_COLUMNS).eq('id', id).single(), { signal });
}

export type BookingDetail = Awaited<ReturnType<typeof getBooking>>;

export function bookingQueryOptions(id: string) {
  return queryOptions({ queryKey: bookingKeys.detail(id), queryFn: ({ signal }) => getBooking(id, signal) });
}

export function useBooking(id: string | null) {
  return useQuery({ ...bookingQueryOptions(id ?? ''), enabled: id !== null });
}

export { BOOKING_COLUMNS };
