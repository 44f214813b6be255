import { todayIn } from '@/lib/format';

/**
 * Reporting periods. A preset is a calendar period around *the organisation's* today (a
 * manager abroad at 01:00 Riyadh time on the 1st already reports on the new month), whole
 * months, calendar quarters (as ZATCA's quarterly VAT returns) and years; "custom" is the two
 * days the user picks. Periods are calendar days (`YYYY-MM-DD`), the form the reports take.
 * The math is src/lib/periods.ts, shared with the reports screen.
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

/** The organisation's today, for presets (lib/format todayIn; `now` for tests). */
export function organizationToday(timeZone: string, now: Date = new Date()): string {
  return todayIn(timeZone, now);
}
