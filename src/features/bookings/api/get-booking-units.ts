import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

/** The API returns at most this many rows per request (config.toml max_rows). */
const PAGE = 1000;

/** Units as the bookings screen needs them: calendar rows and the form's unit choice. */
export async function getBookingUnits(signal?: AbortSignal) {
  const units: {
    id: string;
    name: string;
    name_ar: string | null;
    max_guests: number;
    is_active: boolean;
    price_per_night: number;
  }[] = [];
  for (let from = 0; ; from += PAGE) {
    const data = await run(
      supabase
        .from('units')
        .select('id, name, name_ar, max_guests, is_active, price_per_night')
        .order('name')
        .order('id')
        .range(from, from + PAGE - 1),
      { signal },
    );
    units.push(...data);
    if (data.length < PAGE) return units;
  }
}

export type BookingUnit = Awaited<ReturnType<typeof getBookingUnits>>[number];

export function bookingUnitsQueryOptions() {
  return queryOptions({ queryKey: bookingKeys.units(), queryFn: ({ signal }) => getBookingUnits(signal) });
}

export function useBookingUnits() {
  return useQuery(bookingUnitsQueryOptions());
}
