import { describe, expect, it } from 'vitest';
import {
  halalasToDecimal,
  invoiceTotals,
  lineAmountHalalas,
  parseScaled,
  toHalalas,
  vatHalalas,
} from './invoice-money';

describe('parseScaled', () => {
  it('reads typed decimals in either digit system into scaled integers', () => {
    expect(parseScaled('1250', 2)).toBe(125000n);
    expect(parseScaled('1,250.5', 2)).toBe(125050n);
    expect(parseScaled('١٢٥٠٫٥', 2)).toBe(125050n);
    expect(parseScaled('.5', 3)).toBe(500n);
    expect(parseScaled(2.5, 3)).toBe(2500n);
  });

  it('refuses more decimals than allowed, signs and words', () => {
    expect(parseScaled('1.005', 2)).toBeNull();
    expect(parseScaled('-1', 2)).toBeNull();
    expect(parseScaled('abc', 2)).toBeNull();
    expect(parseScaled('', 2)).toBeNull();
    expect(parseScaled('1e3', 2)).toBeNull();
  });
});

describe('invoice arithmetic (as the database computes it)', () => {
  it('rounds a line half away from zero, like Postgres round()', () => {
    // 0.5 × 0.01 = 0.005 → 0.01; 1.005 × 3.33 = 3.34665 → 3.35; binary floats give 3.3466499…
    expect(lineAmountHalalas(500n, 1n)).toBe(1n);
    expect(lineAmountHalalas(1005n, 333n)).toBe(335n);
    expect(lineAmountHalalas(1000n, 0n)).toBe(0n);
  });

  it('charges VAT once on the standard-rated total, not per line', () => {
    // ZATCA [XML] §10 worked example: 3,333.33 → VAT 499.9995 → 500.00.
    expect(vatHalalas(333333n)).toBe(50000n);
    // Three lines of 0.03: per-line VAT would be 3 × 0.00 = 0.00; on the total 0.09 × 15 % = 0.0135 → 0.01.
    const totals = invoiceTotals([
      { quantity: '1', rate: '0.03' },
      { quantity: '1', rate: '0.03' },
      { quantity: '1', rate: '0.03' },
    ]);
    expect(totals.vat).toBe(1n);
    expect(totals.total).toBe(10n);
  });

  it('leaves exempt lines out of the VAT and keeps them in the subtotal', () => {
    const totals = invoiceTotals([
      { quantity: '3', rate: '450', vat_category: 'S' },
      { quantity: '1', rate: '150', vat_category: 'E' },
    ]);
    expect(halalasToDecimal(totals.subtotal)).toBe('1500.00');
    expect(halalasToDecimal(totals.vat)).toBe('202.50');
    expect(halalasToDecimal(totals.total)).toBe('1702.50');
  });

  it('marks unreadable lines and amounts beyond numeric(12,2)', () => {
    expect(invoiceTotals([{ quantity: 'x', rate: '1' }]).incomplete).toBe(true);
    expect(invoiceTotals([{ quantity: '100000', rate: '10000000' }]).tooLarge).toBe(true);
    expect(invoiceTotals([{ quantity: '1', rate: '8695652173.90' }]).tooLarge).toBe(false);
  });
});

describe('halalas ↔ decimal text', () => {
  it('writes two decimals and reads database numbers back', () => {
    expect(halalasToDecimal(5n)).toBe('0.05');
    expect(halalasToDecimal(-12345n)).toBe('-123.45');
    expect(toHalalas(1702.5)).toBe(170250n);
    expect(toHalalas('-0.01')).toBe(-1n);
  });
});
