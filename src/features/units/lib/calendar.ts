/** Month view helpers for the unit calendar. Months are `YYYY-MM`, days `YYYY-MM-DD` (calendar days, no time zone). */

const pad = (value: number) => String(value).padStart(2, '0');

function parseMonth(month: string): { year: number; monthIndex: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`Not a month: ${month}`);
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1 };
}

function isoDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The month (`YYYY-MM`) that `date` falls in, in the organisation's `timeZone`. */
export function toMonth(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(date);
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${value('year')}-${value('month')}`;
}

export function shiftMonth(month: string, delta: number): string {
  const { year, monthIndex } = parseMonth(month);
  const date = new Date(Date.UTC(year, monthIndex + delta, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

/** First day of the month and first day of the next one (a half-open range). */
export function monthRange(month: string): { first: string; nextFirst: string } {
  return { first: `${month}-01`, nextFirst: `${shiftMonth(month, 1)}-01` };
}

/**
 * The weeks of a month for a grid, each of 7 cells; cells outside the month are null.
 * `weekStartsOn` 0 = Sunday (the Saudi working week starts on Sunday).
 */
export function monthGrid(month: string, weekStartsOn = 0): (string | null)[][] {
  const { year, monthIndex } = parseMonth(month);
  const first = new Date(Date.UTC(year, monthIndex, 1));
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() - weekStartsOn + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= daysInMonth; day++) cells.push(isoDay(new Date(Date.UTC(year, monthIndex, day))));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export interface Stay {
  check_in: string;
  check_out: string;
  status: string;
}

/** The stays occupying each night of the month: a stay covers check_in ≤ day < check_out. */
export function staysByDay<T extends Stay>(stays: readonly T[], month: string): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const week of monthGrid(month)) {
    for (const day of week) {
      if (!day) continue;
      const covering = stays.filter((stay) => stay.check_in <= day && day < stay.check_out);
      if (covering.length > 0) byDay.set(day, covering);
    }
  }
  return byDay;
}

/** Weekday names in the grid's order, in the given locale (e.g. "Sun" / "الأحد"). */
export function weekdayNames(locale: string, weekStartsOn = 0, width: 'short' | 'narrow' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2023, 0, 1 + ((i + weekStartsOn) % 7)))));
}
