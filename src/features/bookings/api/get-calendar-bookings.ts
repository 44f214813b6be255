import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { releaseLapsedRequests } from '@/lib/release-lapsed-requests';
import { supabase } from '@/lib/supabase';
import { Constants } from '@/types/database';
import type { BookingStatus } from '../schemas';
import { bookingKeys } from './keys';

export interface CalendarBooking {
  id: string;
  unitId: string;
  checkIn: string;
  checkOut: string;
  status: BookingStatus;
  reference: string;
  guest: string;
}

/**
 * calendar_bookings() (…_lists_performance.sql) answers with compact tuples, one per stay:
 * [id, unit_id, check_in, check_out, status, booking_reference, guest name].
 */
export const calendarTuplesSchema = z.array(
  z.tuple([
    z.string(),
    z.string(),
    z.string(),
    z.string(),
    z.enum(Constants.public.Enums.booking_status),
    z.string(),
    z.string(),
  ]),
);

/** Stays touching [from, to) grouped by unit, from the compact calendar_bookings RPC. */
export async function getCalendarBookings(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<Map<string, CalendarBooking[]>> {
  await releaseLapsedRequests();
  const stays = await run(supabase.rpc('calendar_bookings', { from_date: from, to_date: to }), {
    signal,
    schema: calendarTuplesSchema,
  });
  const byUnit = new Map<string, CalendarBooking[]>();
  for (const [id, unitId, checkIn, checkOut, status, reference, guest] of stays) {
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
