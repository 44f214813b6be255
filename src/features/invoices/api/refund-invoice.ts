import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@/domain/invoices';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import { invoiceKeys } from './keys';

export interface RefundArgs {
  invoiceId: string;
  amount: string;
  reason: string;
  method: PaymentMethod;
  reference: string | null;
}

/** Money back to the payer: a refund row and a credit note of the same amount, together. */
export function refundInvoice(args: RefundArgs) {
  return run(
    supabase.rpc('refund_invoice', {
      invoice_id: args.invoiceId,
      amount: args.amount as unknown as number,
      reason: args.reason,
      method: args.method,
      reference_number: args.reference ?? undefined,
    }),
  );
}

export function useRefundInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundInvoice,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['invoices', 'payments']),
    // Refused because the invoice changed meanwhile (a payment, a refund, a note): show what holds now.
    onError: (_error, { invoiceId }) => queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(invoiceId) }),
  });
}
