import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { billingOverviewSchema } from '../billing-schema';
import { billingKeys } from './billing-keys';

/** my_billing(): plan, cycle, usage against the limits, prices and what blocks each plan. */
export function getBillingOverview(signal?: AbortSignal) {
  return run(supabase.rpc('my_billing'), { signal, schema: billingOverviewSchema });
}

export function billingOverviewQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: billingKeys.overview(organizationId),
    queryFn: ({ signal }) => getBillingOverview(signal),
  });
}

export function useBillingOverview(organizationId: string) {
  return useQuery(billingOverviewQueryOptions(organizationId));
}
