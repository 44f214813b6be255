import { describe, expect, it } from 'vitest';
import { monthGrid, monthRange, shiftMonth, staysByDay, toMonth, weekdayNames } from './calendar';

describe('months', () => {
  it('shifts across year ends and gives a half-open range', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthRange('2026-02')).toEqual({ first: '2026-02-01', nextFirst: '2026-03-01' });
  });

  it('reads the month in the organisation’s time zone', () => {
    // 22:30 UTC on 31 January is already 1 February in Riyadh (UTC+3), still January in London.
    expect(toMonth(new Date('2026-01-31T22:30:00Z'), 'Asia/Riyadh')).toBe('2026-02');
    expect(toMonth(new Date('2026-01-31T22:30:00Z'), 'Europe/London')).toBe('2026-01');
  });
});

describe('monthGrid', () => {
  it('lays November 2026 out in Sunday-first weeks', () => {
    const weeks = monthGrid('2026-11');
    // 1 November 2026 is a Sunday.
    expect(weeks[0]?.[0]).toBe('2026-11-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('pads the first week before the 1st', () => {
    // 1 February 2026 is a Sunday, 1 March 2026 a Sunday, 1 April 2026 a Wednesday.
    const april = monthGrid('2026-04');
    expect(april[0]?.slice(0, 4)).toEqual([null, null, null, '2026-04-01']);
    expect(monthGrid('2026-04', 1)[0]?.slice(0, 3)).toEqual([null, null, '2026-04-01']);
  });
});

describe('staysByDay', () => {
  it('marks the nights of a stay, not its check-out day', () => {
    const stay = { check_in: '2026-11-03', check_out: '2026-11-06', status: 'confirmed' };
    const byDay = staysByDay([stay], '2026-11');
    expect([...byDay.keys()]).toEqual(['2026-11-03', '2026-11-04', '2026-11-05']);
  });

  it('includes stays that start in the previous month', () => {
    const stay = { check_in: '2026-10-30', check_out: '2026-11-02', status: 'checked_in' };
    expect([...staysByDay([stay], '2026-11').keys()]).toEqual(['2026-11-01']);
  });
});

describe('weekdayNames', () => {
  it('names the days in the grid order and language', () => {
    expect(weekdayNames('en-SA')[0]).toBe('Sun');
    expect(weekdayNames('en-SA', 1)[0]).toBe('Mon');
    expect(weekdayNames('ar-SA-u-nu-latn-ca-gregory', 0, 'short')[0]).toContain('الأحد');
  });
});
