import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TaxProfileValues } from '@/domain/tax-profile';
import { run } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

const savedSchema = z.object({ complete: z.boolean(), missing: z.array(z.string()) }).loose();

/**
 * update_tax_profile (settings.manage): the whole profile at once, checked again by the database
 * (each malformed field a 400 with its key, shown translated under the form).
 */
export async function updateTaxProfile(profile: TaxProfileValues) {
  return run(supabase.rpc('update_tax_profile', { profile }), { schema: savedSchema });
}

export function useUpdateTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaxProfile,
    // The form shows the refusal in place, beside what was typed.
    meta: { skipErrorToast: true },
    onSuccess: () => invalidateAfterWrite(queryClient, ['settings']),
  });
}
