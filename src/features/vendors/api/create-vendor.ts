import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { toVendorPayload, type VendorFormValues } from '../schemas';

/**
 * Lists a new vendor on the marketplace (unverified and unrated until the platform or its
 * users' ratings say otherwise) and adds it to the organisation.
 */
export async function createVendor(values: VendorFormValues) {
  const vendor = await run(supabase.from('vendors').insert(toVendorPayload(values)).select('*').single());
  await run(supabase.from('organization_vendors').insert({ vendor_id: vendor.id }));
  return vendor;
}

/** The dialog shows "Failed to create vendor" itself, next to the fields it keeps. */
export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['vendors']),
  });
}
