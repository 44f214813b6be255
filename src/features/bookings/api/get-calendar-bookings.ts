import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { BookingStatus } from '../schemas';
import { bookingKeys } from './keys';
import { releaseLapsedRequests } from '@/lib/release-lapsed-requests';

export interface CalendarBooking {
  id: string;
  unitId: string;
  checkIn: string;
  checkOut: string;
  status: BookingStatus;
  reference: string;
  guest: string;
}

type CalendarTuple = [string, string, string, string, BookingStatus, string, string];

/** Stays touching [from, to) grouped by unit, from the compact calendar_bookings RPC. */
export async function getCalendarBookings(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<Map<string, CalendarBooking[]>> {
  await releaseLapsedRequests();
  const data = await run(supabase.rpc('calendar_bookings', { from_date: from, to_date: to }), { signal });
  const byUnit = new Map<string, CalendarBooking[]>();
  for (const [id, unitId, checkIn, checkOut, status, reference, guest] of data as unknown as CalendarTuple[]) {
    const list = byUnit.get(unitId);
    const booking = { id, unitId, checkIn, checkOut, status, reference, guest };
    if (list) list.push(booking);
    else byUnit.set(unitId, [booking]);
  }
  return byUnit;
}

export function calendarBookingsQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: bookingKeys.calendar(from, to),
    queryFn: ({ signal }) => getCalendarBookings(from, to, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCalendarBookings(from: string, to: string) {
  return useQuery(calendarBookingsQueryOptions(from, to));
}
