import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceRequest } from '@/domain/invoices';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import type { Json } from '@/types/database';

/**
 * A new draft (create_invoice) or a draft's new content (update_invoice_draft): the database
 * checks every field again and computes the amounts. Returns the draft row.
 */
export function saveInvoiceDraft({ id, invoice }: { id?: string; invoice: InvoiceRequest }) {
  const document = invoice as unknown as Json;
  return run(
    id
      ? supabase.rpc('update_invoice_draft', { invoice_id: id, invoice: document })
      : supabase.rpc('create_invoice', { invoice: document }),
  );
}

export function useSaveInvoiceDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInvoiceDraft,
    // Not idempotent (a new draft each time).
    retry: false,
    // The form shows the refusal under its fields.
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['invoices']),
  });
}
