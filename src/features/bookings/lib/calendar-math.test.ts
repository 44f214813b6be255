import { describe, expect, it } from 'vitest';
import { addDays, addMonths, barPlacement, daysBetween, daysInMonth, startOfMonth, windowDays } from './calendar-math';

describe('calendar math', () => {
  it('adds days and months across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
    expect(startOfMonth('2026-11-22')).toBe('2026-11-01');
    expect(daysInMonth('2028-02-10')).toBe(29);
    expect(daysBetween('2026-11-01', '2026-12-01')).toBe(30);
    expect(windowDays('2026-11-29', 3)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
  });

  it('places a stay on its nights and clips it to the window', () => {
    expect(barPlacement('2026-11-03', '2026-11-06', '2026-11-01', 30)).toEqual({
      offset: 2,
      span: 3,
      clippedStart: false,
      clippedEnd: false,
    });
    expect(barPlacement('2026-10-29', '2026-11-02', '2026-11-01', 30)).toEqual({
      offset: 0,
      span: 1,
      clippedStart: true,
      clippedEnd: false,
    });
    expect(barPlacement('2026-11-29', '2026-12-04', '2026-11-01', 30)).toEqual({
      offset: 28,
      span: 2,
      clippedStart: false,
      clippedEnd: true,
    });
    expect(barPlacement('2026-10-20', '2026-11-01', '2026-11-01', 30)).toBeNull();
    expect(barPlacement('2026-12-01', '2026-12-03', '2026-11-01', 30)).toBeNull();
  });
});
