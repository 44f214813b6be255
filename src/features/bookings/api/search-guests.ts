import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

export interface GuestOption {
  id: string;
  name: string;
  phone: string;
}

/** Guests for the booking form's picker, through the same folded search as the clients screen. */
export async function searchGuests(search: string, signal?: AbortSignal): Promise<GuestOption[]> {
  const data = await run(
    supabase.rpc('search_clients', {
      search: search.trim() || undefined,
      sort: 'name',
      ascending: true,
      page_limit: 20,
    }),
    { signal },
  );
  return (data as unknown as { rows: GuestOption[] }).rows.map(({ id, name, phone }) => ({ id, name, phone }));
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
