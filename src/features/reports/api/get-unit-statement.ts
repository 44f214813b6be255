import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { DayRange } from '@/lib/periods';
import { amountSchema, countSchema } from './amounts';
import { reportKeys } from './keys';

/**
 * unit_statement (migration 20261129630100): one unit's stays, invoices and payments of a period with their totals.
 * Invoices and their amounts need invoices.read, payments need payments.read: null without, so
 * the statement says "not visible to your role" rather than 0.
 */
export const unitStatementSchema = z.object({
  unit: z.object({
    id: z.string(),
    name: z.string(),
    name_ar: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    tourism_licence_number: z.string().nullable().optional(),
  }),
  period: z.object({ from: z.string(), to: z.string() }),
  currency: z.string(),
  organization: z.object({
    name: z.string(),
    name_ar: z.string().nullable().optional(),
    vat_number: z.string().nullable().optional(),
  }),
  stays: z.array(
    z.object({
      booking_id: z.string(),
      booking_reference: z.string().nullable().optional(),
      guest_name: z.string().nullable().optional(),
      check_in: z.string(),
      check_out: z.string(),
      nights_in_period: countSchema,
      room_revenue: amountSchema,
      cleaning_fee: amountSchema,
      status: z.string(),
    }),
  ),
  invoices: z
    .array(
      z.object({
        invoice_id: z.string(),
        invoice_number: z.string().nullable().optional(),
        issue_date: z.string(),
        document_type: z.string(),
        subtotal: amountSchema,
        vat: amountSchema,
        total: amountSchema,
      }),
    )
    .nullable(),
  payments: z
    .array(
      z.object({
        payment_id: z.string(),
        paid_at: z.string(),
        method: z.string(),
        amount: amountSchema,
        is_refund: z.boolean(),
        invoice_number: z.string().nullable().optional(),
      }),
    )
    .nullable(),
  totals: z.object({
    room_revenue: amountSchema,
    cleaning_fees: amountSchema,
    vat: amountSchema.nullable(),
    invoiced_total: amountSchema.nullable(),
    payments: amountSchema.nullable(),
    refunds: amountSchema.nullable(),
    net: amountSchema,
  }),
});
export type UnitStatement = z.infer<typeof unitStatementSchema>;

export interface StatementParams {
  unitId: string;
  range: DayRange;
}

export async function getUnitStatement(params: StatementParams, signal?: AbortSignal): Promise<UnitStatement> {
  return run(
    supabase.rpc('unit_statement', {
      unit_id: params.unitId,
      date_from: params.range.from,
      date_to: params.range.to,
    }),
    { signal, schema: unitStatementSchema },
  );
}

export function unitStatementQueryOptions(params: StatementParams) {
  return queryOptions({
    queryKey: reportKeys.statement(params),
    queryFn: ({ signal }) => getUnitStatement(params, signal),
  });
}

export function useUnitStatement(params: StatementParams | null) {
  return useQuery({
    ...unitStatementQueryOptions(params ?? { unitId: '', range: { from: '', to: '' } }),
    enabled: params !== null,
  });
}
