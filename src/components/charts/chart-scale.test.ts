import { describe, expect, it } from 'vitest';
import { compactNumber, monthLabel, niceScale } from './chart-scale';

describe('niceScale', () => {
  it('rounds the top up to a 1, 2, 2.5 or 5 step', () => {
    expect(niceScale(18_250.5)).toEqual({ top: 20_000, ticks: [0, 5_000, 10_000, 15_000, 20_000] });
    expect(niceScale(100)).toEqual({ top: 100, ticks: [0, 25, 50, 75, 100] });
    expect(niceScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(0.3)).toEqual({ top: 0.3, ticks: [0, 0.1, 0.2, 0.3] });
  });

  it('draws an axis even with nothing to show', () => {
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(-50)).toEqual({ top: 1, ticks: [0, 1] });
  });
});

describe('labels', () => {
  it('names months and shortens amounts in the reader’s language, Latin digits in Arabic', () => {
    expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
    expect(monthLabel('2026-03', 'ar')).toBe('مارس 2026');
    expect(compactNumber(12_500, 'en')).toBe('12.5K');
    expect(compactNumber(12_500, 'ar')).toMatch(/^12\.5/);
  });
});
