import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { subscriptionInvoiceSchema } from '../billing-schema';
import { billingKeys } from './billing-keys';

const COLUMNS =
  'id, number, seller_name, seller_name_ar, seller_vat_number, seller_commercial_registration, seller_address, buyer_name, buyer_vat_number, plan, billing_cycle, period_start, period_end, net_halalas, vat_halalas, total_halalas, paid_at';

/** The organisation's subscription invoices, newest first (RLS: settings.manage only). */
export function getSubscriptionInvoices(organizationId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('subscription_invoices')
      .select(COLUMNS)
      .eq('organization_id', organizationId)
      .order('number', { ascending: false }),
    { signal, schema: z.array(subscriptionInvoiceSchema) },
  );
}

export function subscriptionInvoicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: billingKeys.invoices(organizationId),
    queryFn: ({ signal }) => getSubscriptionInvoices(organizationId, signal),
  });
}

export function useSubscriptionInvoices(organizationId: string, enabled: boolean) {
  return useQuery({ ...subscriptionInvoicesQueryOptions(organizationId), enabled });
}
