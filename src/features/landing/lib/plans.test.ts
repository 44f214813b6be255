import { describe, expect, it } from 'vitest';
import { includedVat, PLANS, yearlySaving } from './plans';

describe('plans (SPEC §9)', () => {
  it('has the prices and limits of the spec', () => {
    expect(PLANS.map((plan) => [plan.id, plan.price, plan.users, plan.units])).toEqual([
      ['basic', { monthly: 81, yearly: 890 }, 1, 1],
      ['advanced', { monthly: 119, yearly: 1309 }, 'unlimited', 2],
      ['enterprise', null, 'unlimited', 'unlimited'],
    ]);
  });
  it('computes the yearly saving', () => {
    expect(PLANS.map(yearlySaving)).toEqual([82, 119, 0]);
  });
  it('computes the 15 % VAT inside each VAT-inclusive price', () => {
    expect([81, 890, 119, 1309].map(includedVat)).toEqual([10.57, 116.09, 15.52, 170.74]);
  });
});
