import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invoiceKeys } from './keys';

/** What the client picker reads of search_clients() (the same folded Arabic/English search). */
const clientPageSchema = z.object({
  rows: z.array(z.object({ id: z.string(), name: z.string(), phone: z.string(), email: z.string().nullish() })),
});
export type ClientOption = z.infer<typeof clientPageSchema>['rows'][number];

export async function searchClients(search: string, signal?: AbortSignal): Promise<ClientOption[]> {
  const data = await run(
    supabase.rpc('search_clients', {
      search: search.trim() || undefined,
      sort: 'name',
      ascending: true,
      page_limit: 20,
    }),
    { signal, schema: clientPageSchema },
  );
  return data.rows;
}

export function useClientSearch(search: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: invoiceKeys.clients(search),
      queryFn: ({ signal }) => searchClients(search, signal),
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
}

/** What the booking picker reads of list_bookings() (search by reference, guest or unit). */
const bookingOptionSchema = z.object({
  id: z.string(),
  booking_reference: z.string(),
  status: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  total_amount: z.coerce.number(),
  unit: z.object({ id: z.string(), name: z.string(), name_ar: z.string().nullable() }),
  client: z.object({ id: z.string(), name: z.string(), phone: z.string() }),
});
const bookingPageSchema = z.object({ rows: z.array(bookingOptionSchema) });
export type BookingOption = z.infer<typeof bookingOptionSchema>;

export async function searchBookings(search: string, signal?: AbortSignal): Promise<BookingOption[]> {
  const data = await run(
    supabase.rpc('list_bookings', {
      search: search.trim() || undefined,
      sort: 'check_in',
      ascending: false,
      page_limit: 20,
      page_offset: 0,
    }),
    { signal, schema: bookingPageSchema },
  );
  return data.rows.filter((booking) => booking.status !== 'cancelled');
}

export function useBookingSearch(search: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: invoiceKeys.bookings(search),
      queryFn: ({ signal }) => searchBookings(search, signal),
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
}

/**
 * The booking a form opened on (`?new=booking&booking=<id>`), shaped as the picker shows it;
 * null when it is not there (deleted, or not this organisation's).
 */
export async function getBookingOption(id: string, signal?: AbortSignal): Promise<BookingOption | null> {
  const rows = await run(
    supabase
      .from('bookings')
      .select(
        'id, booking_reference, status, check_in, check_out, total_amount, unit:units(id, name, name_ar), client:clients(id, name, phone)',
      )
      .eq('id', id)
      .limit(1),
    { signal, schema: z.array(bookingOptionSchema) },
  );
  return rows[0] ?? null;
}

export function useBookingOption(id: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: invoiceKeys.booking(id ?? ''),
      queryFn: ({ signal }) => getBookingOption(id ?? '', signal),
    }),
    enabled: id !== null,
  });
}
