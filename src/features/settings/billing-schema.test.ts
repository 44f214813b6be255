import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema, halalasToRiyals, subscriptionInvoiceNumber } from './billing-schema';

describe('billing schema', () => {
  it('numbers subscription invoices NZL-SUB-000001', () => {
    expect(subscriptionInvoiceNumber(1)).toBe('NZL-SUB-000001');
    expect(subscriptionInvoiceNumber(1234567)).toBe('NZL-SUB-1234567');
  });
  it('converts halalas exactly', () => {
    expect(halalasToRiyals(130900)).toBe(1309);
    expect(halalasToRiyals(1057)).toBe(10.57);
  });
  it('accepts only the plans and cycles there are', () => {
    expect(checkoutRequestSchema.safeParse({ plan: 'advanced', cycle: 'yearly' }).success).toBe(true);
    expect(checkoutRequestSchema.safeParse({ plan: 'gold', cycle: 'monthly' }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ plan: 'basic', cycle: 'weekly' }).success).toBe(false);
  });
});
