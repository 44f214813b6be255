/**
 * Pure date arithmetic for the timeline, on `YYYY-MM-DD` calendar days (UTC-based, so no time
 * zone or daylight-saving change can shift a day).
 */
const DAY_MS = 86_400_000;

export function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, days: number): string {
  return toDay(new Date(parseDay(day) + days * DAY_MS));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to) - parseDay(from)) / DAY_MS);
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function addMonths(day: string, months: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, 1));
  return toDay(date);
}

export function daysInMonth(day: string): number {
  return daysBetween(startOfMonth(day), addMonths(day, 1));
}

/** Every day of the window, first to last. */
export function windowDays(start: string, length: number): string[] {
  return Array.from({ length }, (_, index) => addDays(start, index));
}

/**
 * Where a stay sits in a window of `length` days from `start`: the first day column and how many
 * columns it covers, clipped to the window; null when it lies outside. A stay occupies its nights
 * (check-in day up to the day before check-out).
 */
export function barPlacement(
  checkIn: string,
  checkOut: string,
  start: string,
  length: number,
): { offset: number; span: number; clippedStart: boolean; clippedEnd: boolean } | null {
  const first = daysBetween(start, checkIn);
  const end = daysBetween(start, checkOut);
  if (end <= 0 || first >= length) return null;
  const offset = Math.max(0, first);
  const last = Math.min(length, end);
  return { offset, span: last - offset, clippedStart: first < 0, clippedEnd: end > length };
}
