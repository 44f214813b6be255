import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/** Deletes a draft (it has no number yet); the database refuses issued documents. */
export function deleteDraft(id: string) {
  return run(supabase.from('invoices').delete().eq('id', id).eq('status', 'draft').select('id').single());
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    retry: false,
    meta: { errorTitle: 'invoices:errors.delete_failed' },
    onSuccess: () => invalidateAfterWrite(queryClient, ['invoices']),
  });
}
