import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { DayRange } from '@/lib/periods';
import { amountSchema, countSchema } from './amounts';
import { paymentKeys } from './keys';

export const VAT_DOCUMENT_TYPES = ['invoice', 'debit_note', 'credit_note'] as const;
export type VatDocumentType = (typeof VAT_DOCUMENT_TYPES)[number];

/**
 * vat_report (migration 20261124200800_finance_reports): the output VAT of the documents issued
 * in a period, in SAR. Rows carry each document type's amounts as issued (positive); the
 * categories are net of credit notes; net_vat_due is what the operator declares.
 */
export const vatReportSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  rows: z.array(
    z.object({
      document_type: z.enum(VAT_DOCUMENT_TYPES),
      count: countSchema,
      taxable_amount: amountSchema,
      vat_amount: amountSchema,
    }),
  ),
  standard_rated: z.object({ taxable: amountSchema, vat: amountSchema }),
  zero_rated: z.object({ taxable: amountSchema }),
  exempt: z.object({ taxable: amountSchema }),
  out_of_scope: z.object({ taxable: amountSchema }),
  credit_notes: z.object({ count: countSchema, taxable: amountSchema, vat: amountSchema }),
  net_vat_due: amountSchema,
});
export type VatReport = z.infer<typeof vatReportSchema>;

export async function getVatReport(range: DayRange, signal?: AbortSignal): Promise<VatReport> {
  return run(supabase.rpc('vat_report', { date_from: range.from, date_to: range.to }), {
    signal,
    schema: vatReportSchema,
  });
}

export function vatReportQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: paymentKeys.vat(range),
    queryFn: ({ signal }) => getVatReport(range, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVatReport(range: DayRange | null) {
  return useQuery({ ...vatReportQueryOptions(range ?? { from: '', to: '' }), enabled: range !== null });
}
