import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';
import type { ClientListParams } from '../schemas';
import { clientKeys } from './keys';

export type ClientRow = Omit<Tables<'clients'>, 'search_text'> & { bookings_count: number };
export interface ClientPage {
  total: number;
  rows: ClientRow[];
}

/** One page of clients from search_clients (folded Arabic/English search, sorted, counted on the server). */
export async function getClients(params: ClientListParams, signal?: AbortSignal): Promise<ClientPage> {
  const request = supabase.rpc('search_clients', {
    search: params.search.trim() || undefined,
    vip_only: params.vipOnly,
    sort: params.sort,
    ascending: params.ascending,
    page_limit: params.pageSize,
    page_offset: (params.page - 1) * params.pageSize,
  });
  const data = await run(request, { signal });
  return data as unknown as ClientPage;
}

export function clientsQueryOptions(params: ClientListParams) {
  return queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) => getClients(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClients(params: ClientListParams) {
  return useQuery(clientsQueryOptions(params));
}
