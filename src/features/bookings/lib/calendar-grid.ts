/**
 * The booking timeline's keyboard model, after the WAI-ARIA grid pattern: the grid is one tab
 * stop and the arrow keys move a single active cell. Pure functions on day indexes, so the
 * rules are tested without a browser; the component only maps keys to them and moves focus.
 *
 * A row's cells are its free days (one cell each) and its stays (one cell spanning the nights
 * it covers). The active position is a day column, so moving up or down keeps the column even
 * through a stay, while moving along a row steps over a whole stay at once.
 */
import { addMonths, daysBetween, daysInMonth } from './calendar-math';

/** A stay's place in a row: first day column and how many columns it covers. */
export interface RowSpan {
  offset: number;
  span: number;
}

export type RowCell<T extends RowSpan> =
  { kind: 'free'; col: number; span: 1 } | { kind: 'stay'; col: number; span: number; stay: T };

/**
 * A row's gridcells in column order: a free cell for every day no stay covers, one cell per stay.
 * Stays cannot overlap (the database refuses it); should two ever arrive overlapping, the later
 * one is clipped so every column still belongs to exactly one cell.
 */
export function rowCells<T extends RowSpan>(spans: readonly T[], length: number): RowCell<T>[] {
  const sorted = [...spans].sort((a, b) => a.offset - b.offset);
  const cells: RowCell<T>[] = [];
  let col = 0;
  for (const stay of sorted) {
    const first = Math.max(stay.offset, col);
    const end = Math.min(stay.offset + stay.span, length);
    if (end <= first) continue;
    for (; col < first; col += 1) cells.push({ kind: 'free', col, span: 1 });
    cells.push({ kind: 'stay', col: first, span: end - first, stay });
    col = end;
  }
  for (; col < length; col += 1) cells.push({ kind: 'free', col, span: 1 });
  return cells;
}

/** The cell that holds day column `col` of a row. */
export function cellAt<T extends RowSpan>(spans: readonly T[], col: number): RowCell<T> {
  for (const stay of spans) {
    if (col >= stay.offset && col < stay.offset + stay.span)
      return { kind: 'stay', col: stay.offset, span: stay.span, stay };
  }
  return { kind: 'free', col, span: 1 };
}

export interface GridPosition {
  row: number;
  col: number;
}

export interface GridShape {
  rowCount: number;
  /** The window's days (`YYYY-MM-DD`), one per column. */
  days: readonly string[];
  spansOf: (row: number) => readonly RowSpan[];
  direction: 'ltr' | 'rtl';
}

export interface GridKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export type GridAction =
  | { kind: 'move'; row: number; col: number }
  /** The target day lies outside the window shown: show its month, then focus it. */
  | { kind: 'shift'; row: number; day: string }
  /** Enter or Space: book the free day, or open the stay. */
  | { kind: 'activate' };

/** The same day of the month `months` away, or that month's last day when it is shorter. */
export function sameDayInMonth(day: string, months: number): string {
  const first = addMonths(day, months);
  const date = Math.min(Number(day.slice(8, 10)), daysInMonth(first));
  return `${first.slice(0, 8)}${String(date).padStart(2, '0')}`;
}

/**
 * What a key does from `at`; null for keys the grid leaves to the browser (Tab, shortcuts with
 * Alt or Cmd, letters). Left and right follow the reading direction: in Arabic, where time runs
 * right to left, ArrowLeft is the next day. Moves stop at the edges (no wrapping).
 */
export function gridKeyAction(at: GridPosition, event: GridKey, shape: GridShape): GridAction | null {
  if (event.altKey || event.metaKey || shape.rowCount === 0 || shape.days.length === 0) return null;
  const last = shape.days.length - 1;
  const lastRow = shape.rowCount - 1;
  const row = Math.min(Math.max(at.row, 0), lastRow);
  const col = Math.min(Math.max(at.col, 0), last);
  const step = (forward: boolean): GridAction => {
    const cell = cellAt(shape.spansOf(row), col);
    const target = forward ? cell.col + cell.span : cell.col - 1;
    // At the window's edge the focus stays where it is (the grid pattern does not wrap).
    return { kind: 'move', row, col: target < 0 || target > last ? col : target };
  };
  const month = (months: number): GridAction => {
    const start = shape.days[0] as string;
    const day = sameDayInMonth(shape.days[col] as string, months);
    const target = daysBetween(start, day);
    return target >= 0 && target <= last ? { kind: 'move', row, col: target } : { kind: 'shift', row, day };
  };
  const rtl = shape.direction === 'rtl';
  if (event.ctrlKey && event.key !== 'Home' && event.key !== 'End') return null;
  switch (event.key) {
    case 'ArrowRight':
      return step(!rtl);
    case 'ArrowLeft':
      return step(rtl);
    case 'ArrowDown':
      return { kind: 'move', row: Math.min(row + 1, lastRow), col };
    case 'ArrowUp':
      return { kind: 'move', row: Math.max(row - 1, 0), col };
    case 'Home':
      return { kind: 'move', row: event.ctrlKey ? 0 : row, col: 0 };
    case 'End':
      return { kind: 'move', row: event.ctrlKey ? lastRow : row, col: last };
    case 'PageDown':
      return month(1);
    case 'PageUp':
      return month(-1);
    case 'Enter':
    case ' ':
      return { kind: 'activate' };
    default:
      return null;
  }
}
