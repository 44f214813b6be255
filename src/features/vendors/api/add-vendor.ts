import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';

/** Adds a marketplace vendor to the organisation, so tasks can be assigned to it. */
export async function addVendor(vendorId: string) {
  await run(supabase.from('organization_vendors').insert({ vendor_id: vendorId }));
}

export function useAddVendor() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('vendors');
  return useMutation({
    mutationFn: addVendor,
    meta: { errorTitle: 'vendors:errors.add_failed' },
    onSuccess: async () => {
      toast.success(t('toasts.added'));
      // The task form's vendor list reads organization_vendors too.
      await invalidateAfterWrite(queryClient, ['vendors']);
    },
  });
}
