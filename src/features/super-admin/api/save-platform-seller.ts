import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { PlatformSellerValues } from '../schemas';
import { superAdminKeys } from './keys';

/**
 * Saves the platform's seller details (the single row, id = true). Only the super administrator
 * may (the table's policies); the database stamps who and when, and the audit log keeps the change.
 */
export function savePlatformSeller(values: PlatformSellerValues) {
  return run(
    supabase
      .from('platform_seller')
      .upsert({ id: true, ...values })
      .select('*')
      .single(),
  );
}

export function useSavePlatformSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlatformSeller,
    meta: { errorTitle: 'super-admin:toast.platform_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: superAdminKeys.platformSeller() }),
  });
}
