import { addDays, todayIn } from '@/lib/format';

/**
 * Reporting periods. A preset is a calendar period around *the organisation's* today (a
 * manager abroad at 01:00 Riyadh time on the 1st already reports on the new month), whole
 * months, calendar quarters (as ZATCA's quarterly VAT returns) and years; "custom" is the two
 * days the user picks. Periods are calendar days (`YYYY-MM-DD`), the form the reports take.
 */
export const REPORT_PRESETS = [
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'this_year',
  'custom',
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** A VAT return is filed for a month or a quarter (monthly above SAR 40 m turnover, else quarterly). */
export const VAT_PRESETS = ['this_month', 'last_month', 'this_quarter', 'last_quarter', 'custom'] as const;
export type VatPreset = (typeof VAT_PRESETS)[number];

export type PeriodPreset = ReportPreset | VatPreset;

export interface DayRange {
  from: string;
  to: string;
}

/** The database refuses periods over ten years (private.report_period): say so before asking. */
export const MAX_PERIOD_DAYS = 3660;

function parts(day: string): { year: number; month: number } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

function dayOf(year: number, month: number, day: number): string {
  // Date.UTC rolls months over (month 13 → January of the next year, day 0 → last day before).
  return new Date(Date.UTC(year, month - 1, day, 12)).toISOString().slice(0, 10);
}

/** The whole months from `startMonth` (1-12) of `year`, `count` long. */
function months(year: number, startMonth: number, count: number): DayRange {
  return { from: dayOf(year, startMonth, 1), to: dayOf(year, startMonth + count, 0) };
}

/** The days of a preset around `today` (the organisation's calendar day). */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): DayRange {
  const { year, month } = parts(today);
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
  }
}

export type PeriodProblem = 'missing' | 'inverted' | 'too_long';

export type ResolvedPeriod = { range: DayRange; problem: null } | { range: null; problem: PeriodProblem };

/**
 * The period a screen shows: a preset's days, or the custom days when both are given, in
 * order and at most ten years apart (otherwise the problem to show instead of asking).
 */
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

/** The organisation's today, for presets (lib/format todayIn; `now` for tests). */
export function organizationToday(timeZone: string, now: Date = new Date()): string {
  return todayIn(timeZone, now);
}
