import { VAT_PERCENT } from '@/domain/invoice-money';

/**
 * SPEC §9 plans. Prices in SAR; `null` = by agreement, `'unlimited'` = no cap. The limits are the
 * database's (private.plan_unit_limit / plan_user_limit, migration 20261122000400_organizations).
 *
 * The prices include VAT: Saudi VAT rules require prices shown to customers to include it, so
 * 81 SAR is what a host pays, and the tax invoice shows the 15 % inside it (`includedVat`).
 */
export type PlanId = 'basic' | 'advanced' | 'enterprise';
export type Billing = 'monthly' | 'yearly';

export const PLAN_IDS: readonly PlanId[] = ['basic', 'advanced', 'enterprise'];
export const BILLINGS: readonly Billing[] = ['monthly', 'yearly'];

export interface Plan {
  id: PlanId;
  price: Record<Billing, number> | null;
  users: number | 'unlimited';
  units: number | 'unlimited';
  highlighted?: boolean;
}

export const PLANS: Plan[] = [
  { id: 'basic', price: { monthly: 81, yearly: 890 }, users: 1, units: 1 },
  { id: 'advanced', price: { monthly: 119, yearly: 1309 }, users: 'unlimited', units: 2, highlighted: true },
  { id: 'enterprise', price: null, users: 'unlimited', units: 'unlimited' },
];

/** Prices on the page and on the plan's tax invoice include VAT. */
export const PRICES_INCLUDE_VAT = true;

/** What a year costs compared with twelve months, rounded to whole riyals. */
export function yearlySaving(plan: Plan): number {
  return plan.price ? Math.round(plan.price.monthly * 12 - plan.price.yearly) : 0;
}

/** The VAT inside a VAT-inclusive price, in SAR rounded to halalas: 81 → 10.57. */
export function includedVat(grossPrice: number): number {
  const rate = Number(VAT_PERCENT);
  return Math.round((grossPrice * rate * 100) / (100 + rate)) / 100;
}
