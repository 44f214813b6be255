/** SPEC §9 plans. Prices in SAR; `null` = by agreement, `'unlimited'` = no cap. */
export type PlanId = 'basic' | 'advanced' | 'enterprise';
export type Billing = 'monthly' | 'yearly';

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

/** What a year costs compared with twelve months, rounded to whole riyals. */
export function yearlySaving(plan: Plan): number {
  return plan.price ? Math.round(plan.price.monthly * 12 - plan.price.yearly) : 0;
}
