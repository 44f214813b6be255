import { describe, expect, it } from 'vitest';
import { windowDays } from './calendar-math';
import { cellAt, gridKeyAction, rowCells, sameDayInMonth, type GridShape, type RowSpan } from './calendar-grid';

// December 2026 (31 columns); row 1 has a stay on columns 2–4 (3rd to 5th) and one on 5–6.
const days = windowDays('2026-12-01', 31);
const stays: Record<number, RowSpan[]> = {
  1: [
    { offset: 5, span: 2 },
    { offset: 2, span: 3 },
  ],
};
const shape = (direction: 'ltr' | 'rtl' = 'ltr'): GridShape => ({
  rowCount: 3,
  days,
  spansOf: (row) => stays[row] ?? [],
  direction,
});
const press = (
  key: string,
  row: number,
  col: number,
  options: { ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean; direction?: 'ltr' | 'rtl' } = {},
) => gridKeyAction({ row, col }, { key, ...options }, shape(options.direction));

describe('rowCells', () => {
  it('makes one cell per free day and one per stay, in column order', () => {
    const cells = rowCells(stays[1]!, 8);
    expect(cells.map((cell) => [cell.kind, cell.col, cell.span])).toEqual([
      ['free', 0, 1],
      ['free', 1, 1],
      ['stay', 2, 3],
      ['stay', 5, 2],
      ['free', 7, 1],
    ]);
  });

  it('gives every column exactly one cell even if two stays overlap', () => {
    const cells = rowCells(
      [
        { offset: 1, span: 3 },
        { offset: 2, span: 3 },
      ],
      6,
    );
    expect(cells.map((cell) => [cell.kind, cell.col, cell.span])).toEqual([
      ['free', 0, 1],
      ['stay', 1, 3],
      ['stay', 4, 1],
      ['free', 5, 1],
    ]);
  });

  it('finds the cell that holds a column', () => {
    expect(cellAt(stays[1]!, 3)).toMatchObject({ kind: 'stay', col: 2, span: 3 });
    expect(cellAt(stays[1]!, 7)).toEqual({ kind: 'free', col: 7, span: 1 });
  });
});

describe('gridKeyAction', () => {
  it('moves one day along a row, left to right in English', () => {
    expect(press('ArrowRight', 0, 9)).toEqual({ kind: 'move', row: 0, col: 10 });
    expect(press('ArrowLeft', 0, 9)).toEqual({ kind: 'move', row: 0, col: 8 });
  });

  it('flips left and right in Arabic, where the next day is to the left', () => {
    expect(press('ArrowLeft', 0, 9, { direction: 'rtl' })).toEqual({ kind: 'move', row: 0, col: 10 });
    expect(press('ArrowRight', 0, 9, { direction: 'rtl' })).toEqual({ kind: 'move', row: 0, col: 8 });
  });

  it('steps over a whole stay, from either side and from inside it', () => {
    expect(press('ArrowRight', 1, 1)).toEqual({ kind: 'move', row: 1, col: 2 });
    expect(press('ArrowRight', 1, 3)).toEqual({ kind: 'move', row: 1, col: 5 });
    expect(press('ArrowRight', 1, 5)).toEqual({ kind: 'move', row: 1, col: 7 });
    expect(press('ArrowLeft', 1, 7)).toEqual({ kind: 'move', row: 1, col: 6 });
    expect(press('ArrowLeft', 1, 6)).toEqual({ kind: 'move', row: 1, col: 4 });
    expect(press('ArrowLeft', 1, 4)).toEqual({ kind: 'move', row: 1, col: 1 });
  });

  it('keeps the day column when moving between units, also through a stay', () => {
    expect(press('ArrowDown', 0, 3)).toEqual({ kind: 'move', row: 1, col: 3 });
    expect(press('ArrowDown', 1, 3)).toEqual({ kind: 'move', row: 2, col: 3 });
    expect(press('ArrowUp', 2, 3)).toEqual({ kind: 'move', row: 1, col: 3 });
  });

  it('stops at the edges instead of wrapping', () => {
    expect(press('ArrowLeft', 0, 0)).toEqual({ kind: 'move', row: 0, col: 0 });
    expect(press('ArrowRight', 0, 30)).toEqual({ kind: 'move', row: 0, col: 30 });
    expect(press('ArrowUp', 0, 4)).toEqual({ kind: 'move', row: 0, col: 4 });
    expect(press('ArrowDown', 2, 4)).toEqual({ kind: 'move', row: 2, col: 4 });
    expect(
      gridKeyAction({ row: 0, col: 1 }, { key: 'ArrowLeft' }, { ...shape(), spansOf: () => [{ offset: 0, span: 3 }] }),
    ).toEqual({ kind: 'move', row: 0, col: 1 });
  });

  it('goes to the first or last day with Home and End, and to the first or last unit with Ctrl', () => {
    expect(press('Home', 1, 12)).toEqual({ kind: 'move', row: 1, col: 0 });
    expect(press('End', 1, 12)).toEqual({ kind: 'move', row: 1, col: 30 });
    expect(press('Home', 1, 12, { ctrlKey: true })).toEqual({ kind: 'move', row: 0, col: 0 });
    expect(press('End', 1, 12, { ctrlKey: true })).toEqual({ kind: 'move', row: 2, col: 30 });
  });

  it('moves a month with Page Up and Page Down, shifting the window when the day is outside it', () => {
    const quarter: GridShape = { ...shape(), days: windowDays('2026-12-01', 90) };
    expect(gridKeyAction({ row: 1, col: 9 }, { key: 'PageDown' }, quarter)).toEqual({ kind: 'move', row: 1, col: 40 });
    expect(gridKeyAction({ row: 1, col: 40 }, { key: 'PageUp' }, quarter)).toEqual({ kind: 'move', row: 1, col: 9 });
    expect(press('PageDown', 1, 9)).toEqual({ kind: 'shift', row: 1, day: '2027-01-10' });
    expect(press('PageUp', 2, 30)).toEqual({ kind: 'shift', row: 2, day: '2026-11-30' });
  });

  it('activates the cell with Enter and Space', () => {
    expect(press('Enter', 1, 3)).toEqual({ kind: 'activate' });
    expect(press(' ', 0, 3)).toEqual({ kind: 'activate' });
  });

  it('leaves Tab, letters and browser shortcuts alone', () => {
    expect(press('Tab', 0, 3)).toBeNull();
    expect(press('a', 0, 3)).toBeNull();
    expect(press('ArrowLeft', 0, 3, { altKey: true })).toBeNull();
    expect(press('ArrowRight', 0, 3, { metaKey: true })).toBeNull();
    expect(press('ArrowDown', 0, 3, { ctrlKey: true })).toBeNull();
    expect(gridKeyAction({ row: 0, col: 0 }, { key: 'ArrowDown' }, { ...shape(), rowCount: 0 })).toBeNull();
  });
});

describe('sameDayInMonth', () => {
  it('keeps the day of the month, or takes the last day of a shorter month', () => {
    expect(sameDayInMonth('2026-12-10', 1)).toBe('2027-01-10');
    expect(sameDayInMonth('2027-01-31', 1)).toBe('2027-02-28');
    expect(sameDayInMonth('2028-03-31', -1)).toBe('2028-02-29');
    expect(sameDayInMonth('2026-12-31', -1)).toBe('2026-11-30');
  });
});
