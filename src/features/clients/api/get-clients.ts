import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { Constants, type Tables } from '@/types/database';
import type { ClientListParams } from '../schemas';
import { clientKeys } from './keys';

/**
 * A client as search_clients() returns it: the row without its search text, with its bookings count.
 * The messaging opt-out (issue 16) is the Inbox's to show; the list does not read it.
 */
export type ClientRow = Omit<Tables<'clients'>, 'search_text' | 'messages_opt_out' | 'messages_opt_out_at'> & {
  bookings_count: number;
};

const clientRowSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  nationality: z.string().nullable(),
  national_id: z.string().nullable(),
  passport_number: z.string().nullable(),
  preferred_language: z.enum(Constants.public.Enums.language_code),
  is_vip: z.boolean(),
  member_since: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  bookings_count: z.number(),
}) satisfies z.ZodType<ClientRow>;

/** The JSON search_clients() returns (supabase/migrations/…_lists_performance.sql). */
export const clientPageSchema = z.object({ total: z.number(), rows: z.array(clientRowSchema) });

export type ClientPage = z.infer<typeof clientPageSchema>;

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
  return run(request, { signal, schema: clientPageSchema });
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
