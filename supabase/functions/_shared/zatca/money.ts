// Money without binary floats: amounts are bigint counts of a fixed decimal scale (halalas for
// SAR, scale 2). Rounding is half-up (half away from zero) to 2 decimals, applied to final results
// only ([XML] §10; docs/zatca.md "Rounding"). Inputs are decimal text (or numbers, read through
// their shortest decimal text), never silently rounded: more decimals than allowed is an error.

export const HALALA_SCALE = 2;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Exact fixed-point value of `value` at `scale` decimals, e.g. toScaled('12.3', 2) === 1230n. */
export function toScaled(value: string | number, scale: number): bigint {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a decimal number: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) {
    throw new RangeError(`${text} has more than ${scale} decimal places`);
  }
  const units = BigInt(whole + significant.padEnd(scale, '0'));
  return sign === '-' ? -units : units;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const text = String(value);
  if (/e/i.test(text)) throw new RangeError(`Write ${value} as decimal text`);
  return text;
}

/** numerator / divisor rounded half away from zero (divisor > 0). */
export function divideHalfUp(numerator: bigint, divisor: bigint): bigint {
  if (divisor <= 0n) throw new RangeError('divisor must be positive');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return negative ? -rounded : rounded;
}

/** Re-scales a fixed-point value to fewer decimals, half-up. */
export function rescaleHalfUp(units: bigint, fromScale: number, toScale: number): bigint {
  if (toScale >= fromScale) return units * 10n ** BigInt(toScale - fromScale);
  return divideHalfUp(units, 10n ** BigInt(fromScale - toScale));
}

/** Decimal text with exactly `scale` decimals, e.g. formatScaled(1230n, 2) === '12.30'. */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** SAR text with 2 decimals from halalas. */
export const formatHalalas = (halalas: bigint): string => formatScaled(halalas, HALALA_SCALE);

/** Halalas of a SAR amount given with at most 2 decimals. */
export const toHalalas = (amount: string | number): bigint => toScaled(amount, HALALA_SCALE);

/** Decimal text without trailing zeros beyond `minDecimals`, e.g. ('1.500000', 2) → '1.50'. */
export function normalizeDecimal(value: string | number, maxScale: number, minDecimals = 0): string {
  const text = formatScaled(toScaled(value, maxScale), maxScale);
  const [whole, fraction = ''] = text.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(minDecimals, '0');
  return kept ? `${whole}.${kept}` : whole;
}

export const PRICE_SCALE = 6;
export const QUANTITY_SCALE = 6;
export const RATE_SCALE = 2;

/** Line net amount in halalas: unit price × quantity, rounded half-up once (BR-KSA / BT-131). */
export function lineNetHalalas(unitPrice: string | number, quantity: string | number): bigint {
  const product = toScaled(unitPrice, PRICE_SCALE) * toScaled(quantity, QUANTITY_SCALE);
  return rescaleHalfUp(product, PRICE_SCALE + QUANTITY_SCALE, HALALA_SCALE);
}

/** VAT in halalas of a net amount at a percentage rate (e.g. '15'), half-up. */
export function vatHalalas(netHalalas: bigint, ratePercent: string | number): bigint {
  const rate = toScaled(ratePercent, RATE_SCALE); // 15 → 1500
  return divideHalfUp(netHalalas * rate, 100n * 10n ** BigInt(RATE_SCALE));
}
