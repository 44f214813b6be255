import { addDays } from './format';

/**
 * Calendar periods shared by the reports and payments screens. A period is two calendar days
 * `YYYY-MM-DD`, both included, the form the reports take. A preset is a calendar period around
 * *the organisation's* today (format.ts todayIn: a manager abroad at 01:00 Riyadh time on the 1st
 * already reports on the new month); "custom" is the two days the user picks. Each screen offers
 * its own subset of the presets.
 */
export type CalendarPreset =
  'this_month' | 'last_month' | 'this_quarter' | 'last_quarter' | 'this_year' | 'year_to_date';

export interface DayRange {
  from: string;
  to: string;
}

/** The database refuses periods over ten years (private.report_period): say so before asking. */
export const MAX_PERIOD_DAYS = 3660;

/** The day `YYYY-MM-DD` of year, month (1-12) and day, rolled over as Date.UTC does. */
export function calendarDay(year: number, month: number, day: number): string {
  // Date.UTC rolls over: month 13 is January of the next year, day 0 the last day of the month before.
  return new Date(Date.UTC(year, month - 1, day, 12)).toISOString().slice(0, 10);
}

/** The whole months from `startMonth` (1-12) of `year`, `count` long. */
function months(year: number, startMonth: number, count: number): DayRange {
  return { from: calendarDay(year, startMonth, 1), to: calendarDay(year, startMonth + count, 0) };
}

/**
 * The days of a preset around `today` (the organisation's calendar day): whole months, whole
 * calendar quarters (Jan–Mar, …, as ZATCA's quarterly VAT returns), the whole year, or the year
 * up to today.
 */
export function presetRange(preset: CalendarPreset, today: string): DayRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const quarterStart = month - ((month - 1) % 3);
  switch (preset) {
    case 'this_month':
      return months(year, month, 1);
    case 'last_month':
      return months(year, month - 1, 1);
    case 'this_quarter':
      return months(year, quarterStart, 3);
    case 'last_quarter':
      return months(year, quarterStart - 3, 3);
    case 'this_year':
      return months(year, 1, 12);
    case 'year_to_date':
      return { from: calendarDay(year, 1, 1), to: today };
  }
}

export type PeriodProblem = 'missing' | 'inverted' | 'too_long';

export type ResolvedPeriod = { range: DayRange; problem: null } | { range: null; problem: PeriodProblem };

/**
 * The period a screen shows: a preset's days, or the custom days when both are given, in
 * order and at most ten years apart (otherwise the problem to show instead of asking).
 */
export function resolvePeriod(
  preset: CalendarPreset | 'custom',
  custom: { from: string | null; to: string | null },
  today: string,
): ResolvedPeriod {
  if (preset !== 'custom') return { range: presetRange(preset, today), problem: null };
  const { from, to } = custom;
  if (!from || !to) return { range: null, problem: 'missing' };
  if (to < from) return { range: null, problem: 'inverted' };
  if (addDays(from, MAX_PERIOD_DAYS) < to) return { range: null, problem: 'too_long' };
  return { range: { from, to }, problem: null };
}
