import { describe, expect, it } from 'vitest';
import { dayName, dayOf, formatClock, groupByDay } from './message-time';

describe('message times in the organisation time zone', () => {
  it('reads the clock and the day in Riyadh, not in the browser zone', () => {
    // 21:30 UTC is 00:30 the next day in Riyadh (UTC+3).
    expect(dayOf('2026-11-26T21:30:00Z', 'Asia/Riyadh')).toBe('2026-11-27');
    expect(formatClock('2026-11-26T18:40:00Z', 'en', 'Asia/Riyadh')).toBe('9:40 PM');
    expect(formatClock('2026-11-26T18:40:00Z', 'ar', 'Asia/Riyadh')).toMatch(/^9:40/);
  });

  it('names today and yesterday, other days by date', () => {
    const now = new Date('2026-11-27T08:00:00Z');
    expect(dayName('2026-11-27', 'Asia/Riyadh', now)).toEqual({ kind: 'today' });
    expect(dayName('2026-11-26', 'Asia/Riyadh', now)).toEqual({ kind: 'yesterday' });
    expect(dayName('2026-11-20', 'Asia/Riyadh', now)).toEqual({ kind: 'date', day: '2026-11-20' });
  });

  it('groups a thread by the day each message falls on', () => {
    const groups = groupByDay(
      [
        { id: 1, created_at: '2026-11-26T10:00:00Z' },
        { id: 2, created_at: '2026-11-26T20:00:00Z' },
        { id: 3, created_at: '2026-11-26T21:10:00Z' },
      ],
      'Asia/Riyadh',
    );
    expect(groups.map((group) => [group.day, group.messages.map((message) => message.id)])).toEqual([
      ['2026-11-26', [1, 2]],
      ['2026-11-27', [3]],
    ]);
  });
});
