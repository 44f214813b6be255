import { describe, expect, it } from 'vitest';
import { deltaOf, toneOf } from './compare';
import { parseSort, sortRows } from './figures';
import { presetRange, resolvePeriod } from '@/lib/periods';
import { daysIn, lastYearPeriod, monthsOf, previousPeriod } from './periods';

describe('presetRange', () => {
  it('takes whole months and calendar quarters around the organisation’s today', () => {
    expect(presetRange('this_month', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('last_month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last_month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('this_quarter', '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetRange('this_quarter', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('this_quarter', '2026-06-30')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
  });

  it('runs the year to date from 1 January to today, both included', () => {
    expect(presetRange('year_to_date', '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
    expect(presetRange('year_to_date', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });
});

describe('resolvePeriod', () => {
  it('takes custom days only when both are given, in order and within ten years', () => {
    expect(resolvePeriod('custom', { from: '2026-01-05', to: '2026-02-10' }, '2026-11-27')).toEqual({
      range: { from: '2026-01-05', to: '2026-02-10' },
      problem: null,
    });
    expect(resolvePeriod('custom', { from: '2026-01-05', to: null }, '2026-11-27').problem).toBe('missing');
    expect(resolvePeriod('custom', { from: '2026-02-10', to: '2026-01-05' }, '2026-11-27').problem).toBe('inverted');
    expect(resolvePeriod('custom', { from: '2010-01-01', to: '2026-01-01' }, '2026-11-27').problem).toBe('too_long');
  });
});

describe('comparison periods', () => {
  it('compares with the same number of days just before', () => {
    const november = { from: '2026-11-01', to: '2026-11-30' };
    expect(daysIn(november)).toBe(30);
    expect(previousPeriod(november)).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' })).toEqual({ from: '2025-10-03', to: '2025-12-31' });
  });

  it('compares with the same days one year earlier, 29 February falling back to the 28th', () => {
    expect(lastYearPeriod({ from: '2026-01-01', to: '2026-11-27' })).toEqual({ from: '2025-01-01', to: '2025-11-27' });
    expect(lastYearPeriod({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ from: '2023-02-01', to: '2023-02-28' });
  });

  it('lists the months a period touches, across a year end', () => {
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-03' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf({ from: '2026-11-01', to: '2026-11-30' })).toEqual(['2026-11']);
  });
});

describe('deltaOf', () => {
  it('gives the change in percent of the base and its direction', () => {
    expect(deltaOf(1125, 1000)).toEqual({ ratio: 0.125, direction: 'up' });
    expect(deltaOf(0.6, 0.8)?.direction).toBe('down');
    expect(deltaOf(0.6, 0.8)?.ratio).toBeCloseTo(-0.25);
    expect(deltaOf(5, 5)).toEqual({ ratio: 0, direction: 'flat' });
  });

  it('has nothing to say without a base: 0 before, or a figure unknown or hidden', () => {
    expect(deltaOf(10, 0)).toBeNull();
    expect(deltaOf(null, 10)).toBeNull();
    expect(deltaOf(10, null)).toBeNull();
  });

  it('calls more cancellations bad news and more revenue good news', () => {
    expect(toneOf(deltaOf(12, 10), 'lower_is_better')).toBe('bad');
    expect(toneOf(deltaOf(12, 10), 'higher_is_better')).toBe('good');
    expect(toneOf(deltaOf(12, 10), 'neutral')).toBe('neutral');
    expect(toneOf(deltaOf(10, 10), 'higher_is_better')).toBe('neutral');
  });
});

describe('table sort', () => {
  const rows = [
    { name: 'Beta', occupancy: 0.5 },
    { name: 'Alpha', occupancy: null },
    { name: 'Gamma', occupancy: 0.9 },
    { name: 'Delta', occupancy: 0.5 },
  ];
  const names = (sorted: typeof rows) => sorted.map((row) => row.name);

  it('reads ?sort=column:direction, anything else is the default', () => {
    const fallback = { column: 'revenue_booked', direction: 'desc' } as const;
    expect(parseSort('occupancy:asc', ['occupancy'], fallback)).toEqual({ column: 'occupancy', direction: 'asc' });
    expect(parseSort('occupancy:sideways', ['occupancy'], fallback)).toEqual(fallback);
    expect(parseSort('nope:asc', ['occupancy'], fallback)).toEqual(fallback);
  });

  it('puts unknown figures last either way and breaks ties by name', () => {
    const value = (row: (typeof rows)[number]) => row.occupancy;
    const name = (row: (typeof rows)[number]) => row.name;
    expect(names(sortRows(rows, value, name, 'desc', 'en'))).toEqual(['Gamma', 'Beta', 'Delta', 'Alpha']);
    expect(names(sortRows(rows, value, name, 'asc', 'en'))).toEqual(['Beta', 'Delta', 'Gamma', 'Alpha']);
  });
});
