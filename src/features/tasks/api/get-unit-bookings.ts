import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

/** Stays of a unit a task can relate to: not cancelled, from a month ago on, soonest first. */
export function getUnitBookings(unitId: string, signal?: AbortSignal) {
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  return run(
    supabase
      .from('bookings')
      .select('id, booking_reference, check_in, check_out, status')
      .eq('unit_id', unitId)
      .neq('status', 'cancelled')
      .gte('check_out', since)
      .order('check_in')
      .limit(50),
    { signal },
  );
}

export function unitBookingsQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: taskKeys.unitBookings(unitId),
    queryFn: ({ signal }) => getUnitBookings(unitId, signal),
  });
}

export function useUnitBookings(unitId: string | null) {
  return useQuery({ ...unitBookingsQueryOptions(unitId ?? ''), enabled: Boolean(unitId) });
}
