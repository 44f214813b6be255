/**
 * A figure against the period it is compared with: the change in percent and its direction.
 * Nothing to compare (either side unknown, or 0 before) is null, not "+∞ %" or "0 %".
 */
export interface Delta {
  /** (current − base) / base, e.g. 0.125 for +12.5 %. */
  ratio: number;
  direction: 'up' | 'down' | 'flat';
}

export function deltaOf(current: number | null, base: number | null): Delta | null {
  if (current === null || base === null || !Number.isFinite(current) || !Number.isFinite(base)) return null;
  if (base === 0) return null;
  const ratio = (current - base) / Math.abs(base);
  // Below a hundredth of a percent reads as no change (rounding of the database's numerics).
  const direction = Math.abs(ratio) < 0.0001 ? 'flat' : ratio > 0 ? 'up' : 'down';
  return { ratio: direction === 'flat' ? 0 : ratio, direction };
}

/**
 * Whether a change is good news: more nights, revenue or bookings is good, more cancellations is
 * bad, a longer stay or lead time is not judged. Only the colour follows this; the arrow and the
 * sign always say the direction, so colour is never the only signal.
 */
export type Polarity = 'higher_is_better' | 'lower_is_better' | 'neutral';

export function toneOf(delta: Delta | null, polarity: Polarity): 'good' | 'bad' | 'neutral' {
  if (!delta || delta.direction === 'flat' || polarity === 'neutral') return 'neutral';
  const better = polarity === 'higher_is_better' ? delta.direction === 'up' : delta.direction === 'down';
  return better ? 'good' : 'bad';
}
