import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRetryable } from '@/lib/errors';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invoiceKeys } from './keys';
import { invoiceDetailSchema } from './rpc-schemas';

/** A guest link's token as the database makes it: 64 hex digits. Anything else is not ours. */
export const INVOICE_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The invoice behind a guest's link (`public_invoice(token)`, callable signed out): the same shape
 * as get_invoice, without payments or staff-only data; null for an unknown token or a document
 * that is not issued (supabase/migrations/20261129560000_invoice_guest_links.sql).
 */
export function getPublicInvoice(token: string, signal?: AbortSignal) {
  return run(supabase.rpc('public_invoice', { token }), { signal, schema: invoiceDetailSchema.nullable() });
}

export function publicInvoiceQueryOptions(token: string) {
  return queryOptions({
    queryKey: invoiceKeys.guestLink(token),
    queryFn: ({ signal }) => getPublicInvoice(token, signal),
    // An unknown link stays unknown (null, not an error): only failures worth repeating retry.
    retry: (failures, error) => isRetryable(error) && failures < 3,
  });
}

export function usePublicInvoice(token: string) {
  return useQuery(publicInvoiceQueryOptions(token));
}
