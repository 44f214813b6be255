import type { PlanLimits } from '../schemas';

export interface Overage {
  kind: 'units' | 'users';
  used: number;
  limit: number;
}

/**
 * What an organisation's current usage would exceed under a plan's limits (null = unlimited).
 * The super administrator may still choose that plan; the console says so before confirming.
 */
export function overages(usage: { units: number; users: number }, limits: PlanLimits | undefined): Overage[] {
  if (!limits) return [];
  const found: Overage[] = [];
  if (limits.units !== null && usage.units > limits.units) {
    found.push({ kind: 'units', used: usage.units, limit: limits.units });
  }
  if (limits.users !== null && usage.users > limits.users) {
    found.push({ kind: 'users', used: usage.users, limit: limits.users });
  }
  return found;
}
