import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { InvoiceListParams } from '../schemas';
import { invoiceKeys } from './keys';
import { invoicePageSchema, type InvoicePage } from './rpc-schemas';

/** One page from list_invoices: searched, filtered, sorted, counted and totalled on the server. */
export async function getInvoices(params: InvoiceListParams, signal?: AbortSignal): Promise<InvoicePage> {
  const request = supabase.rpc('list_invoices', {
    search: params.search.trim() || undefined,
    statuses: params.statuses.length ? params.statuses : undefined,
    document_types: params.documentTypes.length ? params.documentTypes : undefined,
    aging: params.aging ?? undefined,
    date_from: params.dateFrom ?? undefined,
    date_to: params.dateTo ?? undefined,
    sort: params.sort,
    ascending: params.ascending,
    page_limit: params.pageSize,
    page_offset: (params.page - 1) * params.pageSize,
  });
  return run(request, { signal, schema: invoicePageSchema });
}

export function invoicesQueryOptions(params: InvoiceListParams) {
  return queryOptions({
    queryKey: invoiceKeys.list(params),
    queryFn: ({ signal }) => getInvoices(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(params: InvoiceListParams) {
  return useQuery(invoicesQueryOptions(params));
}
