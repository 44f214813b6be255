import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { superAdminKeys } from './keys';

export const pendingRefundSchema = z.object({
  id: z.string(),
  amount_halalas: z.number(),
  refund_reason: z.string().nullable(),
  refund_error: z.string().nullable(),
  refund_attempts: z.number(),
  provider_payment_id: z.string().nullable(),
  created_at: z.string(),
  organizations: z.object({ name: z.string(), name_ar: z.string().nullable() }).nullable(),
});
export type PendingRefund = z.infer<typeof pendingRefundSchema>;

/**
 * Subscription payments the billing function could not apply and has not managed to refund yet
 * (status refund_pending), oldest first. The super administrator reads every organisation's
 * checkouts (RLS); each callback, webhook redelivery or read of the checkout retries the refund.
 */
export function getPendingRefunds(signal?: AbortSignal): Promise<PendingRefund[]> {
  const request = supabase
    .from('subscription_checkouts')
    .select(
      'id, amount_halalas, refund_reason, refund_error, refund_attempts, provider_payment_id, created_at, organizations(name, name_ar)',
    )
    .eq('status', 'refund_pending')
    .order('created_at')
    .limit(50);
  return run(request, { signal, schema: pendingRefundSchema.array() });
}

export function pendingRefundsQueryOptions() {
  return queryOptions({
    queryKey: superAdminKeys.pendingRefunds(),
    queryFn: ({ signal }) => getPendingRefunds(signal),
  });
}

export function usePendingRefunds() {
  return useQuery(pendingRefundsQueryOptions());
}
