import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { PAYMENT_METHODS, type PaymentListParams } from '../schemas';
import { amountSchema } from './amounts';
import { paymentKeys } from './keys';

const paymentRowSchema = z.object({
  id: z.string(),
  paid_at: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: amountSchema,
  amount_sar: amountSchema,
  currency: z.string(),
  reference_number: z.string().nullable(),
  notes: z.string().nullable(),
  is_refund: z.boolean(),
  invoice: z.object({ id: z.string(), invoice_number: z.string().nullable(), document_type: z.string() }).nullable(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  received_by_name: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/**
 * list_payments (migration 20261124200700_invoice_lists): a page of payments and refunds, newest
 * first, with the SAR totals of everything matching (amount = payments − refunds).
 */
export const paymentPageSchema = z.object({
  total: z.number().int(),
  totals: z.object({ amount: amountSchema, payments: amountSchema, refunds: amountSchema }),
  rows: z.array(paymentRowSchema),
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

export interface PaymentPageRequest extends Omit<PaymentListParams, 'page' | 'pageSize'> {
  limit: number;
  offset: number;
}

export async function fetchPayments(request: PaymentPageRequest, signal?: AbortSignal): Promise<PaymentPage> {
  const call = supabase.rpc('list_payments', {
    methods: request.methods.length ? request.methods : undefined,
    date_from: request.dateFrom ?? undefined,
    date_to: request.dateTo ?? undefined,
    search: request.search.trim() || undefined,
    page_limit: request.limit,
    page_offset: request.offset,
  });
  return run(call, { signal, schema: paymentPageSchema });
}

/** One page of the payments history, as the list shows it. */
export function getPayments(params: PaymentListParams, signal?: AbortSignal): Promise<PaymentPage> {
  const { page, pageSize, ...filters } = params;
  return fetchPayments({ ...filters, limit: pageSize, offset: (page - 1) * pageSize }, signal);
}

export function paymentsQueryOptions(params: PaymentListParams) {
  return queryOptions({
    queryKey: paymentKeys.list(params),
    queryFn: ({ signal }) => getPayments(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePayments(params: PaymentListParams, enabled = true) {
  return useQuery({ ...paymentsQueryOptions(params), enabled });
}
