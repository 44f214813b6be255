import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database';
import type { DayRange } from '@/lib/periods';
import { amountSchema, countSchema } from './amounts';
import { reportKeys } from './keys';

export type UnitType = Database['public']['Enums']['unit_type'];
export type BookingSource = Database['public']['Enums']['booking_source'];
export const UNIT_TYPES = [
  'villa',
  'apartment',
  'studio',
  'wedding_hall',
  'chalet',
] as const satisfies readonly UnitType[];
export const BOOKING_SOURCES = ['direct', 'airbnb', 'booking_com', 'other'] as const satisfies readonly BookingSource[];

const periodSchema = z.object({ from: z.string(), to: z.string(), days: countSchema });

/**
 * One period's figures (contract §1 "F"). A money figure the role may not read (invoiced without
 * invoices.read, collected without payments.read) is null, and a ratio without a denominator
 * (occupancy without available nights) is null: the screen says so instead of showing 0.
 */
export const figuresSchema = z.object({
  available_nights: countSchema,
  blocked_nights: countSchema,
  nights_sold: countSchema,
  occupancy: amountSchema.nullable(),
  adr: amountSchema.nullable(),
  revpar: amountSchema.nullable(),
  revenue_booked: amountSchema.nullable(),
  revenue_invoiced: amountSchema.nullable(),
  revenue_collected: amountSchema.nullable(),
  bookings: countSchema,
  cancellations: countSchema,
  cancellation_rate: amountSchema.nullable(),
  avg_length_of_stay: amountSchema.nullable(),
  avg_lead_time_days: amountSchema.nullable(),
});
export type Figures = z.infer<typeof figuresSchema>;
export type FigureKey = keyof Figures;

const unitOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable().optional(),
  type: z.enum(UNIT_TYPES),
  city: z.string().nullable().optional(),
});
export type UnitOption = z.infer<typeof unitOptionSchema>;

/** report_overview (migration 20261129630000): every figure of the screen in one call. */
export const reportOverviewSchema = z.object({
  period: periodSchema,
  previous: periodSchema,
  last_year: periodSchema,
  currency: z.string(),
  can: z.object({ invoices: z.boolean(), payments: z.boolean() }),
  totals: z.object({ current: figuresSchema, previous: figuresSchema, last_year: figuresSchema }),
  by_month: z.array(figuresSchema.extend({ month: z.string() })),
  by_unit: z.array(
    figuresSchema.extend({
      unit_id: z.string(),
      name: z.string(),
      name_ar: z.string().nullable().optional(),
      type: z.enum(UNIT_TYPES),
      city: z.string().nullable().optional(),
    }),
  ),
  by_source: z.array(figuresSchema.extend({ source: z.enum(BOOKING_SOURCES) })),
  filters: z.object({
    units: z.array(unitOptionSchema),
    types: z.array(z.enum(UNIT_TYPES)),
    cities: z.array(z.string()),
    sources: z.array(z.enum(BOOKING_SOURCES)),
  }),
});
export type ReportOverview = z.infer<typeof reportOverviewSchema>;
export type UnitFigures = ReportOverview['by_unit'][number];
export type SourceFigures = ReportOverview['by_source'][number];

export interface OverviewParams {
  range: DayRange;
  unitIds: string[];
  unitTypes: UnitType[];
  cities: string[];
  sources: BookingSource[];
}

/** An empty filter is no filter: left out, the function's default (null) means "all". */
const orAll = <T>(values: T[]) => (values.length > 0 ? values : undefined);

export async function getReportOverview(params: OverviewParams, signal?: AbortSignal): Promise<ReportOverview> {
  return run(
    supabase.rpc('report_overview', {
      date_from: params.range.from,
      date_to: params.range.to,
      unit_ids: orAll(params.unitIds),
      unit_types: orAll(params.unitTypes),
      cities: orAll(params.cities),
      sources: orAll(params.sources),
    }),
    { signal, schema: reportOverviewSchema },
  );
}

export function reportOverviewQueryOptions(params: OverviewParams) {
  return queryOptions({
    queryKey: reportKeys.overview(params),
    queryFn: ({ signal }) => getReportOverview(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReportOverview(params: OverviewParams | null, enabled = true) {
  return useQuery({
    ...reportOverviewQueryOptions(
      params ?? { range: { from: '', to: '' }, unitIds: [], unitTypes: [], cities: [], sources: [] },
    ),
    enabled: enabled && params !== null,
  });
}
