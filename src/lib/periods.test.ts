import { describe, expect, it } from 'vitest';
import { calendarDay, presetRange, resolvePeriod } from './periods';

describe('calendarDay', () => {
  it('rolls months and days over', () => {
    expect(calendarDay(2026, 13, 1)).toBe('2027-01-01');
    expect(calendarDay(2026, 3, 0)).toBe('2026-02-28');
    expect(calendarDay(2028, 3, 0)).toBe('2028-02-29');
    expect(calendarDay(2026, 0, 1)).toBe('2025-12-01');
  });
});

describe('presetRange', () => {
  it('gives every preset of both screens around today', () => {
    expect(presetRange('this_month', '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('last_month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('this_quarter', '2026-05-02')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetRange('last_quarter', '2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(presetRange('this_year', '2026-05-02')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('year_to_date', '2026-05-02')).toEqual({ from: '2026-01-01', to: '2026-05-02' });
  });
});

describe('resolvePeriod', () => {
  it('takes a preset, or two custom days in order and at most ten years apart', () => {
    expect(resolvePeriod('this_month', { from: null, to: null }, '2026-03-15')).toEqual({
      range: { from: '2026-03-01', to: '2026-03-31' },
      problem: null,
    });
    expect(resolvePeriod('custom', { from: '2026-03-01', to: null }, '2026-03-15')).toEqual({
      range: null,
      problem: 'missing',
    });
    expect(resolvePeriod('custom', { from: '2026-03-02', to: '2026-03-01' }, '2026-03-15')).toEqual({
      range: null,
      problem: 'inverted',
    });
    expect(resolvePeriod('custom', { from: '2016-01-01', to: '2026-03-01' }, '2026-03-15')).toEqual({
      range: null,
      problem: 'too_long',
    });
    expect(resolvePeriod('custom', { from: '2026-03-01', to: '2026-03-01' }, '2026-03-15')).toEqual({
      range: { from: '2026-03-01', to: '2026-03-01' },
      problem: null,
    });
  });
});
