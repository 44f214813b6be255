import { LOCALES, todayIn } from '@/lib/format';
import type { Language } from '@/lib/i18n';

/**
 * Times of a conversation, always in the organisation's time zone (a manager abroad still reads
 * Riyadh's clock, as the guest does). Kept here rather than in lib/format: only the inbox shows
 * a bare clock time and groups by day.
 */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeFormat(language: Language, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { hour: 'numeric', minute: '2-digit', timeZone });
    timeFormats.set(key, format);
  }
  return format;
}

/** "9:41 PM" / "9:41 م" in the organisation's zone. */
export function formatClock(value: string, language: Language, timeZone: string): string {
  return timeFormat(language, timeZone).format(new Date(value));
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
export function dayOf(value: string, timeZone: string): string {
  return todayIn(timeZone, new Date(value));
}

export type DayName = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; day: string };

/** Which separator a day gets: today, yesterday, or its date. */
export function dayName(day: string, timeZone: string, now: Date = new Date()): DayName {
  const today = todayIn(timeZone, now);
  if (day === today) return { kind: 'today' };
  const yesterday = todayIn(timeZone, new Date(now.getTime() - 86_400_000));
  if (day === yesterday) return { kind: 'yesterday' };
  return { kind: 'date', day };
}

/** Messages (oldest first) cut into runs of one calendar day each, for the day separators. */
export function groupByDay<T extends { created_at: string }>(
  messages: readonly T[],
  timeZone: string,
): { day: string; messages: T[] }[] {
  const groups: { day: string; messages: T[] }[] = [];
  for (const message of messages) {
    const day = dayOf(message.created_at, timeZone);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}
