import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

/** What the picker reads of search_clients() (the clients feature reads the whole row). */
const guestPageSchema = z.object({
  rows: z.array(z.object({ id: z.string(), name: z.string(), phone: z.string() })),
});

export type GuestOption = z.infer<typeof guestPageSchema>['rows'][number];

/** Guests for the booking form's picker, through the same folded search as the clients screen. */
export async function searchGuests(search: string, signal?: AbortSignal): Promise<GuestOption[]> {
  const data = await run(
    supabase.rpc('search_clients', {
      search: search.trim() || undefined,
      sort: 'name',
      ascending: true,
      page_limit: 20,
    }),
    { signal, schema: guestPageSchema },
  );
  return data.rows;
}

export function guestsQueryOptions(search: string) {
  return queryOptions({
    queryKey: bookingKeys.guests(search),
    queryFn: ({ signal }) => searchGuests(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGuestSearch(search: string, enabled: boolean) {
  return useQuery({ ...guestsQueryOptions(search), enabled });
}
