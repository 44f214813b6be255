import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/**
 * A draft with the stay and cleaning lines of a booking, in both languages (invoice_from_booking
 * with issue = false: the user checks it, then issues it).
 */
export function invoiceFromBooking({ bookingId, dueDate }: { bookingId: string; dueDate: string | null }) {
  return run(
    supabase.rpc('invoice_from_booking', { booking_id: bookingId, due_date: dueDate ?? undefined, issue: false }),
  );
}

export function useInvoiceFromBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invoiceFromBooking,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['invoices']),
  });
}
