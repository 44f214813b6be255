import { describe, expect, it } from 'vitest';
import { addDays, isoToZonedParts, zonedDateTimeToIso, zonedToday } from './zoned-time';

describe('zoned time', () => {
  it('reads a wall-clock time in the organisation’s zone, whatever the browser’s', () => {
    expect(zonedDateTimeToIso('2026-11-22', '16:00', 'Asia/Riyadh')).toBe('2026-11-22T13:00:00.000Z');
    expect(zonedDateTimeToIso('2026-11-22', '16:00', 'Asia/Dubai')).toBe('2026-11-22T12:00:00.000Z');
    // London and New York follow daylight saving: summer and winter differ by an hour.
    expect(zonedDateTimeToIso('2026-07-01', '09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedDateTimeToIso('2026-12-01', '09:00', 'Europe/London')).toBe('2026-12-01T09:00:00.000Z');
    expect(zonedDateTimeToIso('2026-07-01', '09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
  });

  it('round-trips to the date and time an input shows', () => {
    expect(isoToZonedParts('2026-11-22T22:30:00.000Z', 'Asia/Riyadh')).toEqual({ date: '2026-11-23', time: '01:30' });
    expect(isoToZonedParts(zonedDateTimeToIso('2026-03-29', '10:15', 'Europe/London'), 'Europe/London')).toEqual({
      date: '2026-03-29',
      time: '10:15',
    });
  });

  it('today and day arithmetic', () => {
    expect(zonedToday('Asia/Riyadh', new Date('2026-11-22T21:30:00Z'))).toBe('2026-11-23');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });
});
