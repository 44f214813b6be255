import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { vendorKeys } from './keys';

/** Adds a marketplace vendor to the organisation, so tasks can be assigned to it. */
export async function addVendor(vendorId: string) {
  const { error } = await supabase.from('organization_vendors').insert({ vendor_id: vendorId });
  if (error) throw toAppError(error);
}

export function useAddVendor() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('vendors');
  return useMutation({
    mutationFn: addVendor,
    meta: { skipErrorToast: true },
    onError: (error) => toast.error(t('errors.add_failed'), { description: getErrorMessage(error) }),
    onSuccess: async () => {
      toast.success(t('toasts.added'));
      // The task form's vendor list reads organization_vendors too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['tasks', 'options'] }),
      ]);
    },
  });
}
