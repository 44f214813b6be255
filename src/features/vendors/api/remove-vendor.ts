import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { toAppError } from '@/lib/errors';
import { runCounted } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';

/** Stops working with a vendor; its tasks stay, without the vendor (the database clears it). */
export async function removeVendor({ organizationId, vendorId }: { organizationId: string; vendorId: string }) {
  const { count } = await runCounted(
    supabase
      .from('organization_vendors')
      .delete({ count: 'exact' })
      .eq('organization_id', organizationId)
      .eq('vendor_id', vendorId),
  );
  if (count === 0) throw toAppError({ code: '42501', message: 'permission denied' });
}

export function useRemoveVendor() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('vendors');
  return useMutation({
    mutationFn: removeVendor,
    meta: { errorTitle: 'vendors:errors.remove_failed' },
    onSuccess: async () => {
      toast.success(t('toasts.removed'));
      // Its tasks lose the vendor (the database clears it).
      await invalidateAfterWrite(queryClient, ['vendors', 'tasks']);
    },
  });
}
