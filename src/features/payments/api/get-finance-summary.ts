import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { DayRange } from '@/lib/periods';
import { PAYMENT_METHODS } from '../schemas';
import { amountSchema, countSchema } from './amounts';
import { paymentKeys } from './keys';

export const AGING_BUCKETS = ['current', '1_30', '31_60', '60_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

const bucketSchema = z.object({ amount: amountSchema, count: countSchema });

/**
 * finance_summary (migration 20261124200800_finance_reports), in SAR. A part the role may not
 * read is null (invoiced, outstanding and aging need invoices.read; collected and methods need
 * payments.read), so the screen says "not visible to your role" instead of showing 0.
 */
export const financeSummarySchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  invoiced: amountSchema.nullable(),
  credited: amountSchema.nullable(),
  collected: amountSchema.nullable(),
  refunded: amountSchema.nullable(),
  outstanding: amountSchema.nullable(),
  overdue: amountSchema.nullable(),
  by_method: z
    .array(z.object({ method: z.enum(PAYMENT_METHODS), amount: amountSchema, count: countSchema }))
    .nullable(),
  aging: z
    .object({ current: bucketSchema, '1_30': bucketSchema, '31_60': bucketSchema, '60_plus': bucketSchema })
    .nullable(),
  by_month: z.array(z.object({ month: z.string(), invoiced: amountSchema, collected: amountSchema })),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

export async function getFinanceSummary(range: DayRange, signal?: AbortSignal): Promise<FinanceSummary> {
  return run(supabase.rpc('finance_summary', { date_from: range.from, date_to: range.to }), {
    signal,
    schema: financeSummarySchema,
  });
}

export function financeSummaryQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: paymentKeys.summary(range),
    queryFn: ({ signal }) => getFinanceSummary(range, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFinanceSummary(range: DayRange | null) {
  return useQuery({
    ...financeSummaryQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
  });
}
