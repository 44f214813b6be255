import { LOCALES } from '@/lib/format';
import type { Language } from '@/lib/i18n';

/**
 * The value axis of a bar chart: a round top (1, 2, 2.5 or 5 × 10ⁿ steps) just above the
 * largest value, and its tick values from 0. Nothing to show (all 0) still draws an axis.
 */
export function niceScale(largest: number, tickCount = 4): { top: number; ticks: number[] } {
  if (!Number.isFinite(largest) || largest <= 0) return { top: 1, ticks: [0, 1] };
  const raw = largest / tickCount;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normal = raw / magnitude;
  const step = (normal <= 1 ? 1 : normal <= 2 ? 2 : normal <= 2.5 ? 2.5 : normal <= 5 ? 5 : 10) * magnitude;
  const top = Number((Math.ceil(largest / step - 1e-9) * step).toPrecision(12));
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Number(value.toPrecision(12)));
  return { top, ticks };
}

/** A `YYYY-MM` month as the reader says it: "Mar 2026" / "مارس 2026". */
export function monthLabel(month: string, language: Language): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(LOCALES[language], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A short amount for an axis: 12,500 → "12.5K" / "12.5 ألف". */
export function compactNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
