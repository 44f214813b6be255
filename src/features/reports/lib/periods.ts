import { addDays } from '@/lib/format';

/**
 * The periods of the reports screen, around *the organisation's* today (lib/format todayIn):
 * whole months, the calendar quarter so far or whole, the year to date, or two chosen days.
 * A period is two calendar days `YYYY-MM-DD`, both included, as report_overview takes them.
 */
export const PERIOD_PRESETS = ['this_month', 'last_month', 'this_quarter', 'year_to_date', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

/** The database refuses periods over ten years (report_period_invalid): say so before asking. */
export const MAX_PERIOD_DAYS = 3660;

function dayOf(year: number, month: number, day: number): string {
  // Date.UTC rolls over: month 13 is January of the next year, day 0 the last day of the month before.
  return new Date(Date.UTC(year, month - 1, day, 12)).toISOString().slice(0, 10);
}

/** The days of a preset around `today`. This quarter is the whole calendar quarter (Jan–Mar, …). */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): DayRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (preset) {
    case 'this_month':
      return { from: dayOf(year, month, 1), to: dayOf(year, month + 1, 0) };
    case 'last_month':
      return { from: dayOf(year, month - 1, 1), to: dayOf(year, month, 0) };
    case 'this_quarter': {
      const start = month - ((month - 1) % 3);
      return { from: dayOf(year, start, 1), to: dayOf(year, start + 3, 0) };
    }
    case 'year_to_date':
      return { from: dayOf(year, 1, 1), to: today };
  }
}

export type PeriodProblem = 'missing' | 'inverted' | 'too_long';
export type ResolvedPeriod = { range: DayRange; problem: null } | { range: null; problem: PeriodProblem };

/** A preset's days, or the custom days when both are given, in order and at most ten years apart. */
export function resolvePeriod(
  preset: PeriodPreset,
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
  return dayOf(year, Number(day.slice(5, 7)), Number(day.slice(8, 10))) === candidate
    ? candidate
    : dayOf(year, Number(day.slice(5, 7)) + 1, 0);
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
