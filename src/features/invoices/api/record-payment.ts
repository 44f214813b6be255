import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@/domain/invoices';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import { invoiceKeys } from './keys';

export interface RecordPaymentArgs {
  invoiceId: string;
  /** Decimal text (exact). */
  amount: string;
  method: PaymentMethod;
  reference: string | null;
  notes: string | null;
  /** The instant the money was received. */
  paidAt: string;
}

/** A (possibly partial) payment; the database refuses more than the balance (payment_exceeds_balance). */
export function recordPayment(args: RecordPaymentArgs) {
  return run(
    supabase.rpc('record_payment', {
      invoice_id: args.invoiceId,
      // PostgREST passes the JSON text to numeric unchanged: no float rounding on the way.
      amount: args.amount as unknown as number,
      method: args.method,
      reference_number: args.reference ?? undefined,
      notes: args.notes ?? undefined,
      paid_at: args.paidAt,
    }),
  );
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    // A retry after a lost answer could record the money twice.
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['payments']),
    // A refusal usually means the invoice changed meanwhile (another payment at the front desk,
    // a cancellation): reload it, so the balance on the page and in the form is the one that holds.
    onError: (_error, { invoiceId }) => queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(invoiceId) }),
  });
}
