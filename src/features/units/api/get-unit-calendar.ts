import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { monthRange } from '../lib/calendar';
import { unitKeys } from './keys';
import { releaseLapsedRequests } from '@/lib/release-lapsed-requests';

/** The unit's bookings that touch the month `YYYY-MM` (a stay ending on the 1st does not). */
export async function getUnitCalendar(unitId: string, month: string, signal?: AbortSignal) {
  const { first, nextFirst } = monthRange(month);
  await releaseLapsedRequests();
  return run(
    supabase
      .from('bookings')
      .select('id, booking_reference, check_in, check_out, status, guests_count, clients(name)')
      .eq('unit_id', unitId)
      .lt('check_in', nextFirst)
      .gt('check_out', first)
      .order('check_in'),
    { signal },
  );
}

export type UnitCalendarBooking = Awaited<ReturnType<typeof getUnitCalendar>>[number];

export function unitCalendarQueryOptions(unitId: string, month: string) {
  return queryOptions({
    queryKey: unitKeys.calendar(unitId, month),
    queryFn: ({ signal }) => getUnitCalendar(unitId, month, signal),
  });
}

export function useUnitCalendar(unitId: string, month: string) {
  return useQuery(unitCalendarQueryOptions(unitId, month));
}
