import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/**
 * Cancels with a reason: a draft is discarded; an issued invoice with nothing paid gets a full
 * credit note (invoice_has_payments when money was received: refund instead).
 */
export function cancelInvoice({ invoiceId, reason }: { invoiceId: string; reason: string }) {
  return run(supabase.rpc('cancel_invoice', { invoice_id: invoiceId, reason }));
}

export function useCancelInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvoice,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['invoices']),
  });
}
