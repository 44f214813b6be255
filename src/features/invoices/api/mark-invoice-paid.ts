import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@/domain/invoices';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import { invoiceKeys } from './keys';

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
    // Refused because the invoice changed meanwhile (a payment, a refund, a note): show what holds now.
    onError: (_error, { invoiceId }) => queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(invoiceId) }),
  });
}
