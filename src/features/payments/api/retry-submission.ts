import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/**
 * POST /functions/v1/zatca/invoices/<id>/submit (invoices.write): queues the document again and
 * sends its organisation's queue now, in chain order. Answers the submission as it stands after.
 */
export async function retrySubmission(invoiceId: string) {
  return unwrap(
    supabase.functions.invoke(`zatca/invoices/${encodeURIComponent(invoiceId)}/submit`, { method: 'POST' }),
    { schema: submittedSchema },
  );
}

/** The submission after the attempt: reported / cleared, or failed / rejected with ZATCA's messages. */
const submittedSchema = z.object({ submission: z.object({ status: z.string() }).loose() }).loose();

export function useRetrySubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySubmission,
    meta: { errorTitle: 'payments:compliance.failed.retry_failed' },
    // The ZATCA state is kept on the documents (zatca_status): every screen showing invoices.
    onSettled: () => invalidateAfterWrite(queryClient, ['invoices']),
  });
}
