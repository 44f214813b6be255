import { toWesternDigits } from '@/lib/digits';

/**
 * Invoice arithmetic exactly as the database does it (migrations 20261122001200_invoices and
 * 20261124200300_invoice_rules), so the form's live totals are the totals the invoice will carry:
 *
 * - a line's amount is quantity × rate rounded to halalas, half away from zero (Postgres `round`);
 * - VAT is charged per category on the category's total ([XML] §10): 15 % of the sum of the
 *   standard-rated lines, rounded once — never a sum of rounded line VATs;
 * - total = subtotal + VAT.
 *
 * Everything is integer arithmetic on BigInt (quantity in thousandths, money in halalas): binary
 * floats get 1.005 × 3 wrong, and a quantity of 100,000 at 10,000,000 SAR overflows 2^53 in
 * thousandths of a halala.
 */

/** The largest amount numeric(12,2) holds: 9,999,999,999.99. */
export const MAX_INVOICE_HALALAS = 999_999_999_999n;
export const VAT_PERCENT = 15n;

/**
 * A decimal typed by a person (either digit system, `٫` or `.` as the point, grouping commas
 * dropped) as an integer count of 10^-scale units, or null when it is not a plain non-negative
 * decimal with at most `scale` decimals.
 */
export function parseScaled(value: string | number | null | undefined, scale: number): bigint | null {
  if (value === null || value === undefined) return null;
  const text = toWesternDigits(String(value))
    .trim()
    .replace(/[,\u066c\s]/g, '')
    .replace(/\u066b/g, '.');
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(text) ?? /^()\.(\d+)$/.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > scale) return null;
  return BigInt(`${whole || '0'}${fraction.padEnd(scale, '0')}`);
}

/** Half away from zero, for non-negative numerators (what Postgres `round` does). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** round(quantity × rate, 2) in halalas; quantity in thousandths, rate in halalas. */
export function lineAmountHalalas(quantityMilli: bigint, rateHalalas: bigint): bigint {
  return divideRounded(quantityMilli * rateHalalas, 1000n);
}

/** round(standard-rated total × 15 %, 2) in halalas. */
export function vatHalalas(standardRatedHalalas: bigint): bigint {
  return divideRounded(standardRatedHalalas * VAT_PERCENT, 100n);
}

export type VatCategory = 'S' | 'Z' | 'E' | 'O';

export interface MoneyLine {
  quantity: string | number;
  rate: string | number;
  vat_category?: VatCategory;
}

export interface InvoiceTotals {
  /** Per line, in the order given; null for a line whose quantity or rate cannot be read yet. */
  lines: (bigint | null)[];
  subtotal: bigint;
  standardRated: bigint;
  vat: bigint;
  total: bigint;
  /** True when some line could not be read (its amount is left out of the sums). */
  incomplete: boolean;
  /** True when the total does not fit numeric(12,2). */
  tooLarge: boolean;
}

/** The document totals of these lines, as the database will compute them. */
export function invoiceTotals(lines: readonly MoneyLine[]): InvoiceTotals {
  let subtotal = 0n;
  let standardRated = 0n;
  let incomplete = false;
  const amounts = lines.map((line) => {
    const quantity = parseScaled(line.quantity, 3);
    const rate = parseScaled(line.rate, 2);
    if (quantity === null || rate === null) {
      incomplete = true;
      return null;
    }
    const amount = lineAmountHalalas(quantity, rate);
    subtotal += amount;
    if ((line.vat_category ?? 'S') === 'S') standardRated += amount;
    return amount;
  });
  const vat = vatHalalas(standardRated);
  const total = subtotal + vat;
  return { lines: amounts, subtotal, standardRated, vat, total, incomplete, tooLarge: total > MAX_INVOICE_HALALAS };
}

/** Halalas as the decimal text the database and ZATCA write: 1234567n → "12345.67". */
export function halalasToDecimal(halalas: bigint): string {
  const negative = halalas < 0n;
  const digits = (negative ? -halalas : halalas).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Halalas as a JavaScript number for display (exact for every amount numeric(12,2) holds). */
export function halalasToNumber(halalas: bigint): number {
  return Number(halalasToDecimal(halalas));
}

/** A money amount (number or decimal text from the database) in halalas; null when unreadable. */
export function toHalalas(amount: number | string): bigint | null {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount;
  const negative = text.trim().startsWith('-');
  const value = parseScaled(negative ? text.trim().slice(1) : text, 2);
  return value === null ? null : negative ? -value : value;
}
