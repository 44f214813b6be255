import type { FigureKey, Figures } from '../api/get-report-overview';
import type { Polarity } from './compare';

/** How a figure is written: a ratio as a percent, a count, an amount, a mean of days or nights. */
export type FigureKind = 'percent' | 'count' | 'money' | 'days';

export interface FigureSpec {
  key: FigureKey;
  kind: FigureKind;
  polarity: Polarity;
}

/** The overview's cards, in the order a host reads them (issue 17). */
export const KPI_FIGURES: readonly FigureSpec[] = [
  { key: 'occupancy', kind: 'percent', polarity: 'higher_is_better' },
  { key: 'nights_sold', kind: 'count', polarity: 'higher_is_better' },
  { key: 'adr', kind: 'money', polarity: 'higher_is_better' },
  { key: 'revpar', kind: 'money', polarity: 'higher_is_better' },
  { key: 'revenue_booked', kind: 'money', polarity: 'higher_is_better' },
  { key: 'revenue_invoiced', kind: 'money', polarity: 'higher_is_better' },
  { key: 'revenue_collected', kind: 'money', polarity: 'higher_is_better' },
  { key: 'bookings', kind: 'count', polarity: 'higher_is_better' },
  { key: 'cancellations', kind: 'count', polarity: 'lower_is_better' },
  { key: 'cancellation_rate', kind: 'percent', polarity: 'lower_is_better' },
  { key: 'avg_length_of_stay', kind: 'days', polarity: 'neutral' },
  { key: 'avg_lead_time_days', kind: 'days', polarity: 'neutral' },
];

/** The columns of the by-unit and by-channel tables (and their exports). */
export const TABLE_FIGURES: readonly FigureSpec[] = [
  { key: 'nights_sold', kind: 'count', polarity: 'higher_is_better' },
  { key: 'available_nights', kind: 'count', polarity: 'neutral' },
  { key: 'blocked_nights', kind: 'count', polarity: 'neutral' },
  { key: 'occupancy', kind: 'percent', polarity: 'higher_is_better' },
  { key: 'adr', kind: 'money', polarity: 'higher_is_better' },
  { key: 'revpar', kind: 'money', polarity: 'higher_is_better' },
  { key: 'revenue_booked', kind: 'money', polarity: 'higher_is_better' },
  { key: 'revenue_invoiced', kind: 'money', polarity: 'higher_is_better' },
  { key: 'revenue_collected', kind: 'money', polarity: 'higher_is_better' },
  { key: 'bookings', kind: 'count', polarity: 'higher_is_better' },
  { key: 'cancellations', kind: 'count', polarity: 'lower_is_better' },
];

/** Money the role may not read arrives as null: hidden, never shown as 0. */
export function hiddenMoney(key: FigureKey, can: { invoices: boolean; payments: boolean }): boolean {
  return (key === 'revenue_invoiced' && !can.invoices) || (key === 'revenue_collected' && !can.payments);
}

export function figureValue(figures: Figures, key: FigureKey): number | null {
  return figures[key];
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** `?sort=occupancy:desc` → its parts; anything else → the fallback. */
export function parseSort(raw: string, columns: readonly string[], fallback: SortState): SortState {
  const [column, direction] = raw.split(':');
  if (!column || !columns.includes(column) || (direction !== 'asc' && direction !== 'desc')) return fallback;
  return { column, direction };
}

/** Rows ordered by a column; unknown figures (null) last whichever the direction, ties by name. */
export function sortRows<Row>(
  rows: readonly Row[],
  valueOf: (row: Row) => number | string | null,
  nameOf: (row: Row) => string,
  direction: SortDirection,
  locale: string,
): Row[] {
  const collator = new Intl.Collator(locale);
  return [...rows].sort((a, b) => {
    const left = valueOf(a);
    const right = valueOf(b);
    if (left === null && right !== null) return 1;
    if (right === null && left !== null) return -1;
    let order = 0;
    if (typeof left === 'number' && typeof right === 'number') order = left - right;
    else if (left !== null && right !== null) order = collator.compare(String(left), String(right));
    if (direction === 'desc') order = -order;
    return order !== 0 ? order : collator.compare(nameOf(a), nameOf(b));
  });
}
