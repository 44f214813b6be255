import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invoiceKeys } from './keys';
import { invoiceDetailSchema } from './rpc-schemas';

/** Everything the invoice page shows, in one call (get_invoice; another organisation's is 404). */
export function getInvoice(id: string, signal?: AbortSignal) {
  return run(supabase.rpc('get_invoice', { invoice_id: id }), { signal, schema: invoiceDetailSchema });
}

export function invoiceQueryOptions(id: string) {
  return queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: ({ signal }) => getInvoice(id, signal) });
}

export function useInvoice(id: string | null) {
  return useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: id !== null });
}
