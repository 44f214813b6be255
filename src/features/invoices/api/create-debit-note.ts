import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { lineRequest } from '@/domain/invoices';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import type { Json } from '@/types/database';

export interface DebitNoteArgs {
  originalId: string;
  reason: string;
  dueDate: string;
  lines: ReturnType<typeof lineRequest>[];
}

/**
 * A debit note (383) adding charges to an issued invoice, in its currency, kind and buyer: created
 * as a draft, then issued at once (its own number, QR and ZATCA submission).
 */
export async function createDebitNote({ originalId, reason, dueDate, lines }: DebitNoteArgs) {
  const document = { document_type: 'debit_note', original_invoice_id: originalId, reason, due_date: dueDate, lines };
  const draft = await run(supabase.rpc('create_invoice', { invoice: document as unknown as Json }));
  return run(supabase.rpc('issue_invoice', { invoice_id: draft.id }));
}

export function useCreateDebitNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDebitNote,
    retry: false,
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['invoices']),
  });
}
