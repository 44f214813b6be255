import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/** Issues a draft: its number, issue time, seller snapshot and QR; never editable afterwards. */
export function issueInvoice(id: string) {
  return run(supabase.rpc('issue_invoice', { invoice_id: id }));
}

export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueInvoice,
    retry: false,
    meta: { errorTitle: 'invoices:errors.issue_failed' },
    onSuccess: () => invalidateAfterWrite(queryClient, ['invoices']),
  });
}
