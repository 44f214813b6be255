import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/fetch';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';

/**
 * POST /functions/v1/zatca/onboarding {otp} (settings.manage): the edge function makes the key
 * and CSR on the server, asks ZATCA for the compliance CSID with the OTP from the FATOORA
 * portal, passes the compliance checks and takes the production CSID. The overview is read
 * again afterwards, whatever the outcome (a failed step is kept on the device).
 */
export async function startOnboarding(otp: string) {
  return unwrap(supabase.functions.invoke('zatca/onboarding', { method: 'POST', body: { otp } }), {
    schema: onboardedSchema,
  });
}

/** The function's answer: the device's new state (the overview is read again after). */
const onboardedSchema = z.object({ device: z.object({ status: z.string() }).loose() }).loose();

export function useStartOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startOnboarding,
    // The dialog shows the refusal (wrong OTP, incomplete profile) beside the OTP field.
    meta: { skipErrorToast: true },
    // The ZATCA state is kept on the documents (zatca_status): every screen showing invoices.
    onSettled: () => invalidateAfterWrite(queryClient, ['invoices']),
  });
}
