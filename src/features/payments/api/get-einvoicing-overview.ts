import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

export const ONBOARDING_STATES = [
  'not_started',
  'csr_created',
  'compliance_csid',
  'compliance_checked',
  'production_csid',
  'failed',
] as const;
export type OnboardingState = (typeof ONBOARDING_STATES)[number];

export const SUBMISSION_STATES = ['queued', 'submitted', 'reported', 'cleared', 'rejected', 'failed'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** A ZATCA validation message as kept on a submission (validationResults.errorMessages items). */
const zatcaMessageSchema = z
  .object({ code: z.string().nullish(), message: z.string().nullish() })
  .catch({ code: null, message: null });

const failedSubmissionSchema = z.object({
  invoice_id: z.string(),
  invoice_number: z.string().nullable(),
  document_type: z.string(),
  kind: z.string(),
  status: z.enum(['failed', 'rejected']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  errors: z.array(zatcaMessageSchema).catch([]),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type FailedSubmission = z.infer<typeof failedSubmissionSchema>;

const countsSchema = z.object(
  Object.fromEntries(SUBMISSION_STATES.map((state) => [state, z.number().int()])) as Record<
    SubmissionState,
    z.ZodNumber
  >,
);

/**
 * einvoicing_overview (migration 20261124200900_einvoicing_overview): the tax profile's
 * completeness, the ZATCA onboarding state, the invoice counter (ICV) and last hash, the
 * submissions per state and the failed or rejected ones. Never a key or a secret.
 */
export const einvoicingOverviewSchema = z.object({
  profile_complete: z.boolean(),
  missing: z.array(z.string()),
  environment: z.string().nullable(),
  onboarding_status: z.enum(ONBOARDING_STATES),
  onboarding_error: z.string().nullable(),
  certificate_expires_at: z.string().nullable(),
  last_invoice_counter: z.number().int(),
  last_invoice_hash: z.string().nullable(),
  counts: countsSchema.nullable(),
  failed: z.array(failedSubmissionSchema).nullable(),
});
export type EinvoicingOverview = z.infer<typeof einvoicingOverviewSchema>;

export async function getEinvoicingOverview(signal?: AbortSignal): Promise<EinvoicingOverview> {
  return run(supabase.rpc('einvoicing_overview'), { signal, schema: einvoicingOverviewSchema });
}

export function einvoicingOverviewQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.einvoicing(),
    queryFn: ({ signal }) => getEinvoicingOverview(signal),
  });
}

export function useEinvoicingOverview(enabled = true) {
  return useQuery({ ...einvoicingOverviewQueryOptions(), enabled });
}
