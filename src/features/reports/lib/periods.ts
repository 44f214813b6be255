import { addDays } from '@/lib/format';
import { calendarDay, type DayRange } from '@/lib/periods';

/**
 * The periods of the reports screen, around *the organisation's* today (lib/format todayIn):
 * whole months, the calendar quarter so far or whole, the year to date, or two chosen days.
 * A period is two calendar days `YYYY-MM-DD`, both included, as report_overview takes them
 * (the math is src/lib/periods.ts, shared with the payments screen).
 */
export const PERIOD_PRESETS = ['this_month', 'last_month', 'this_quarter', 'year_to_date', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The number of days of a period, both ends included. */
export function daysIn(range: DayRange): number {
  const start = Date.parse(`${range.from}T12:00:00Z`);
  const end = Date.parse(`${range.to}T12:00:00Z`);
  return Math.round((end - start) / 86_400_000) + 1;
}

/**
 * The periods a report compares with, as report_overview computes them (the screen shows the
 * database's own answer; this names them before it arrives and in tests): the same number of days
 * just before, and the same days one year earlier (29 February falls back to the 28th).
 */
export function previousPeriod(range: DayRange): DayRange {
  const days = daysIn(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

function yearEarlier(day: string): string {
  const year = Number(day.slice(0, 4)) - 1;
  const monthDay = day.slice(5);
  const candidate = `${year}-${monthDay}`;
  // 2024-02-29 → 2023-02-29 does not exist: the last day of that February.
  return calendarDay(year, Number(day.slice(5, 7)), Number(day.slice(8, 10))) === candidate
    ? candidate
    : calendarDay(year, Number(day.slice(5, 7)) + 1, 0);
}

export function lastYearPeriod(range: DayRange): DayRange {
  return { from: yearEarlier(range.from), to: yearEarlier(range.to) };
}

/** `YYYY-MM` of each month a period touches, in order (the by-month rows). */
export function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  let year = Number(range.from.slice(0, 4));
  let month = Number(range.from.slice(5, 7));
  const last = range.to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}
