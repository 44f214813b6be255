import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { clientKeys } from './keys';
import { releaseLapsedRequests } from '@/lib/release-lapsed-requests';

/** The most recent stays of one client (SPEC §2: view a client's bookings), newest first. */
export async function getClientBookings(clientId: string, signal?: AbortSignal) {
  await releaseLapsedRequests();
  return run(
    supabase
      .from('bookings')
      .select('id, booking_reference, check_in, check_out, nights, status, total_amount, unit:units(id, name, name_ar)')
      .eq('client_id', clientId)
      .order('check_in', { ascending: false })
      .limit(100),
    { signal },
  );
}

export type ClientBooking = Awaited<ReturnType<typeof getClientBookings>>[number];

export function clientBookingsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: clientKeys.bookings(clientId),
    queryFn: ({ signal }) => getClientBookings(clientId, signal),
  });
}

export function useClientBookings(clientId: string | null) {
  return useQuery({ ...clientBookingsQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
