import { todayIn } from '@/lib/format';

/**
 * Wall-clock date and time in an organisation's time zone ↔ an instant. A task "due 16:00"
 * means 16:00 in Riyadh whatever the browser's zone; London and New York move with daylight
 * saving, so the offset is looked up for the day in question, not assumed.
 */

function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** `2026-11-22` + `16:00` in `Asia/Riyadh` → `2026-11-22T13:00:00.000Z`. */
export function zonedDateTimeToIso(date: string, time: string, timeZone: string): string {
  const naive = new Date(`${date}T${time}:00Z`);
  // Two passes settle the offset even when the first guess lands across a DST change.
  let instant = new Date(naive.getTime() - offsetMinutes(naive, timeZone) * 60_000);
  instant = new Date(naive.getTime() - offsetMinutes(instant, timeZone) * 60_000);
  return instant.toISOString();
}

/** An instant → the `YYYY-MM-DD` and `HH:MM` an input shows in `timeZone`. */
export function isoToZonedParts(iso: string, timeZone: string): { date: string; time: string } {
  const local = new Date(new Date(iso).getTime() + offsetMinutes(new Date(iso), timeZone) * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** Today's date in `timeZone`, as `YYYY-MM-DD`. */
export function zonedToday(timeZone: string, now: Date = new Date()): string {
  return todayIn(timeZone, now);
}

/** `YYYY-MM-DD` plus n days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
