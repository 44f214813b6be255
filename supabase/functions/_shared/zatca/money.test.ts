import { assertEquals, assertThrows } from './testing.ts';
import {
  divideHalfUp,
  formatHalalas,
  lineNetHalalas,
  normalizeDecimal,
  rescaleHalfUp,
  toHalalas,
  toScaled,
  vatHalalas,
} from './money.ts';

Deno.test('half-up to 2 decimals on exact decimals: 123.4949 → 123.49, 123.4951 → 123.50, x.xx5 → up', () => {
  const round2 = (text: string) => formatHalalas(rescaleHalfUp(toScaled(text, 4), 4, 2));
  assertEquals(round2('123.4949'), '123.49');
  assertEquals(round2('123.4951'), '123.50');
  assertEquals(round2('123.4950'), '123.50');
  assertEquals(round2('0.0050'), '0.01');
  assertEquals(round2('0.0049'), '0.00');
  // Binary floats get this one wrong: (1.115).toFixed(2) === '1.11'.
  assertEquals(round2('1.1150'), '1.12');
  assertEquals(round2('-1.1150'), '-1.12');
});

Deno.test('VAT 15 % of 3,333.33 is 499.9995 → 500.00 (total 3,833.33)', () => {
  const net = toHalalas('3333.33');
  const vat = vatHalalas(net, 15);
  assertEquals(formatHalalas(vat), '500.00');
  assertEquals(formatHalalas(net + vat), '3833.33');
});

Deno.test('line net = price × quantity rounded once: 33 × 3 = 99.00; 2.5 nights × 333.333 = 833.33', () => {
  assertEquals(formatHalalas(lineNetHalalas('3', '33')), '99.00');
  assertEquals(formatHalalas(lineNetHalalas('333.333', '2.5')), '833.33');
  assertEquals(formatHalalas(lineNetHalalas('0.125', '1')), '0.13');
  assertEquals(formatHalalas(lineNetHalalas(450, 3)), '1350.00');
});

Deno.test('inputs are exact: too many decimals, exponents, junk and non-finite numbers are refused', () => {
  assertThrows(() => toHalalas('1.005'), RangeError, 'more than 2 decimal places');
  assertEquals(toHalalas('1.500'), 150n); // trailing zeros are not extra precision
  assertThrows(() => toHalalas(1e21), RangeError, 'decimal text');
  assertThrows(() => toHalalas('1e3'), RangeError, 'Not a decimal number');
  assertThrows(() => toHalalas(' '), RangeError);
  assertThrows(() => toHalalas(Number.NaN), RangeError, 'finite');
  assertEquals(toHalalas(0.1), 10n);
  assertEquals(toHalalas('-12.3'), -1230n);
});

Deno.test('large amounts stay exact (no 2^53 limit)', () => {
  const net = toHalalas('99999999999999.99');
  assertEquals(formatHalalas(net + vatHalalas(net, 15)), '114999999999999.99');
});

Deno.test('helpers: divideHalfUp, normalizeDecimal', () => {
  assertEquals(divideHalfUp(5n, 10n), 1n);
  assertEquals(divideHalfUp(4n, 10n), 0n);
  assertEquals(divideHalfUp(-5n, 10n), -1n);
  assertThrows(() => divideHalfUp(1n, 0n), RangeError);
  assertEquals(normalizeDecimal('3.000000', 6), '3');
  assertEquals(normalizeDecimal('15', 2, 2), '15.00');
  assertEquals(normalizeDecimal('2.50', 6, 2), '2.50');
});
