import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@/domain/invoices';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/** Records a payment of the whole remaining balance (SPEC §4 "mark as paid"). */
export function markInvoicePaid({
  invoiceId,
  method,
  reference,
}: {
  invoiceId: string;
  method: PaymentMethod;
  reference: string | null;
}) {
  return run(
    supabase.rpc('mark_invoice_paid', { invoice_id: invoiceId, method, reference_number: reference ?? undefined }),
  );
}

export function useMarkInvoicePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInvoicePaid,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['payments']),
  });
}
