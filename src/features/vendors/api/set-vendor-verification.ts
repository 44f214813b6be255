import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';

/** An administrator marks a vendor verified or unverified; the database records who and when. */
export function setVendorVerification({ vendorId, verified }: { vendorId: string; verified: boolean }) {
  return run(supabase.rpc('set_vendor_verification', { vendor_id: vendorId, verified }));
}

export function useSetVendorVerification() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('vendors');
  return useMutation({
    mutationFn: setVendorVerification,
    // SPEC §8: "Failed to update vendor verification", with the reason underneath.
    meta: { errorTitle: 'vendors:errors.verification_failed' },
    onSuccess: async (vendor) => {
      toast.success(vendor.verified ? t('toasts.verified') : t('toasts.unverified'));
      await invalidateAfterWrite(queryClient, ['vendors']);
    },
  });
}
