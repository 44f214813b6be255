import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/** Deletes a payment with a reason (kept in the audit log); the balance and status follow. */
export function deletePayment({ paymentId, reason }: { paymentId: string; reason: string }) {
  return run(supabase.rpc('delete_payment', { payment_id: paymentId, reason }));
}

export function useDeletePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayment,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['payments']),
  });
}
