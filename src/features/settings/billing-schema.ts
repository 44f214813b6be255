import { z } from 'zod';

/**
 * Settings → Billing (issue 14): the shapes the tab reads and sends. Amounts are halalas
 * (integers); prices include the 15% VAT (SPEC §9, docs/billing.md).
 */
export const billingPlanSchema = z.enum(['basic', 'advanced', 'enterprise']);
export type BillingPlan = z.infer<typeof billingPlanSchema>;
export const billingCycleSchema = z.enum(['monthly', 'yearly']);
export type BillingCycle = z.infer<typeof billingCycleSchema>;

/** What stops a move to a plan: units or users above its limit, and by how many. */
export const planBlockerSchema = z.object({
  kind: z.enum(['units', 'users']),
  used: z.number().int(),
  limit: z.number().int(),
  excess: z.number().int(),
});
export type PlanBlocker = z.infer<typeof planBlockerSchema>;

export const planPriceSchema = z.object({
  plan: billingPlanSchema,
  billing_cycle: billingCycleSchema,
  total_halalas: z.number().int(),
  vat_halalas: z.number().int(),
  net_halalas: z.number().int(),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

/** my_billing(): the organisation's plan, usage, prices and blockers. */
export const billingOverviewSchema = z.object({
  organization_id: z.string(),
  plan: billingPlanSchema,
  billing_cycle: billingCycleSchema,
  units_used: z.number().int(),
  units_limit: z.number().int().nullable(),
  users_used: z.number().int(),
  users_limit: z.number().int().nullable(),
  can_manage: z.boolean(),
  prices: z.array(planPriceSchema),
  blockers: z.record(z.string(), z.array(planBlockerSchema)),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** The request to change plan (POST /functions/v1/billing/checkout). */
export const checkoutRequestSchema = z.object({ plan: billingPlanSchema, cycle: billingCycleSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutStartedSchema = z.object({ checkout_id: z.string(), url: z.string().url() }).loose();

/** A checkout as the function answers it (GET /functions/v1/billing/checkout/<id>). */
export const checkoutSchema = z
  .object({
    id: z.string(),
    plan: billingPlanSchema,
    billing_cycle: billingCycleSchema,
    status: z.enum(['pending', 'paid', 'failed', 'refund_pending', 'refunded']),
    failure_reason: z.string().nullable(),
    /** Why a paid payment could not be applied and is given back. */
    refund_reason: z.enum(['checkout_stale', 'checkout_mismatch']).nullable().optional(),
    refunded_halalas: z.number().int().nullable().optional(),
    amount_halalas: z.number().int().optional(),
  })
  .loose();
export type Checkout = z.infer<typeof checkoutSchema>;

/** The seller's national address as an invoice keeps it. */
export const sellerAddressSchema = z.object({
  street: z.string(),
  building_number: z.string(),
  additional_number: z.string().optional(),
  district: z.string(),
  city: z.string(),
  region: z.string().optional(),
  postal_code: z.string(),
});
export type SellerAddress = z.infer<typeof sellerAddressSchema>;

export const subscriptionInvoiceSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  seller_name: z.string(),
  seller_name_ar: z.string(),
  seller_vat_number: z.string(),
  /** Copied at issue time; null on invoices issued before the seller details were stored. */
  seller_commercial_registration: z.string().nullable(),
  seller_address: sellerAddressSchema.nullable(),
  buyer_name: z.string(),
  buyer_vat_number: z.string().nullable(),
  plan: billingPlanSchema,
  billing_cycle: billingCycleSchema,
  period_start: z.string(),
  period_end: z.string(),
  net_halalas: z.number().int(),
  vat_halalas: z.number().int(),
  total_halalas: z.number().int(),
  paid_at: z.string(),
});
export type SubscriptionInvoice = z.infer<typeof subscriptionInvoiceSchema>;

/** NZL-SUB-000042: the printed number of a subscription invoice. */
export function subscriptionInvoiceNumber(number: number): string {
  return `NZL-SUB-${String(number).padStart(6, '0')}`;
}

/** Halalas as riyals for formatMoney (8100 → 81). */
export const halalasToRiyals = (halalas: number) => halalas / 100;
