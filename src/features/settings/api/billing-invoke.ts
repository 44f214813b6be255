import type { z } from 'zod';
import { toAppError } from '@/lib/errors';
import { knownFunctionRefusal } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { planBlockerSchema, type PlanBlocker } from '../billing-schema';

/** The billing function's refusals the tab explains itself (billing.json errors.*). */
export const BILLING_REFUSALS = [
  'enterprise_contact',
  'plan_unchanged',
  'plan_downgrade_blocked',
  'forbidden',
  'payment_gateway_unavailable',
  'platform_seller_missing',
  'checkout_not_found',
] as const;
export type BillingRefusalCode = (typeof BILLING_REFUSALS)[number];

/** A refusal of the billing function with its stable code (and the blockers of a downgrade). */
export class BillingRefusal extends Error {
  constructor(
    readonly code: BillingRefusalCode,
    readonly blockers: PlanBlocker[] = [],
  ) {
    super(code);
    this.name = 'BillingRefusal';
  }
}

/**
 * Calls /functions/v1/billing/<path>. A refusal with a code the tab knows becomes a
 * BillingRefusal; anything else the app's usual error (network, session, unexpected).
 */
export async function invokeBilling<Schema extends z.ZodType>(
  path: string,
  options: { method: 'GET' | 'POST'; body?: unknown },
  schema: Schema,
): Promise<z.infer<Schema>> {
  const response = await supabase.functions.invoke<unknown>(`billing/${path}`, {
    method: options.method,
    body: options.body as Record<string, unknown> | undefined,
  });
  const data: unknown = response.data;
  const error: unknown = response.error;
  if (error) {
    const refusal = await knownFunctionRefusal(error, BILLING_REFUSALS);
    if (refusal) {
      const details = planBlockerSchema.array().safeParse(refusal.details);
      throw new BillingRefusal(refusal.code, details.success ? details.data : []);
    }
    throw toAppError(error);
  }
  return schema.parse(data);
}
