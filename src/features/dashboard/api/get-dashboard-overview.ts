import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './keys';
import { releaseLapsedRequests } from '@/lib/release-lapsed-requests';

const money = z.coerce.number();

/** The shape `dashboard_overview()` returns (supabase/migrations/…_dashboard.sql). */
export const dashboardOverviewSchema = z.object({
  today: z.string(),
  currency: z.enum(['SAR', 'AED', 'USD', 'EUR']),
  total_units: z.number(),
  active_units: z.number(),
  total_clients: z.number(),
  active_clients: z.number(),
  bookings_today: z.object({ arrivals: z.number(), departures: z.number(), in_house: z.number() }),
  /** Null for roles that may not read payments. */
  revenue: z.object({ this_month: money, previous_month: money }).nullable(),
  recent_bookings: z.array(
    z.object({
      id: z.string(),
      booking_reference: z.string(),
      check_in: z.string(),
      check_out: z.string(),
      status: z.enum(['pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled']),
      total_amount: money,
      unit_name: z.string(),
      /** The unit's Arabic name, when it has one (shown to Arabic readers). */
      unit_name_ar: z.string().nullable(),
      client_name: z.string(),
    }),
  ),
  upcoming_tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** Arabic title of a task the database wrote (check-out cleaning); null for a person's title. */
      title_ar: z.string().nullable(),
      type: z.string(),
      priority: z.enum(['low', 'medium', 'high', 'urgent']),
      status: z.string(),
      due_at: z.string().nullable(),
      unit_name: z.string().nullable(),
      unit_name_ar: z.string().nullable(),
    }),
  ),
  /** Active units whose tourism licence is missing, expired or expires within 30 days (issue 17). */
  licences: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        name_ar: z.string().nullable(),
        number: z.string().nullable(),
        expires_on: z.string().nullable(),
      }),
    )
    .optional(),
});

export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

/** Every number of the overview in one database call, not a request per card. */
export async function getDashboardOverview(signal?: AbortSignal): Promise<DashboardOverview> {
  await releaseLapsedRequests();
  return run(supabase.rpc('dashboard_overview'), { signal, schema: dashboardOverviewSchema });
}

export function dashboardOverviewQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: dashboardKeys.overview(organizationId),
    queryFn: ({ signal }) => getDashboardOverview(signal),
  });
}

export function useDashboardOverview(organizationId: string) {
  return useQuery(dashboardOverviewQueryOptions(organizationId));
}
