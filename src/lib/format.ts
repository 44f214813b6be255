import type { Language } from './i18n';

/**
 * Locale helpers: every number, amount and date on screen goes through here.
 *
 * Digit system, decided on purpose: Arabic screens use Latin digits (`nu-latn`). Saudi banking,
 * government (Absher, ZATCA invoices) and travel apps do the same; phone numbers, booking
 * references and amounts stay the same digits in both languages, so a guest reading a code
 * over the phone never has to convert. The calendar is explicitly Gregorian (`ca-gregory`):
 * stays, invoices and VAT periods are Gregorian dates in the database.
 */
export const LOCALES: Record<Language, string> = {
  en: 'en-SA',
  ar: 'ar-SA-u-nu-latn-ca-gregory',
};

/**
 * The fallbacks before the signed-in organisation is known (and for accounts without one:
 * vendors, the platform administrator). Screens use the organisation's own `default_timezone`
 * and `default_currency` (lib/auth `useOrganizationSettings`).
 */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh';
export const DEFAULT_CURRENCY = 'SAR';

/**
 * Intl formatters are costly to build (locale data, option resolution) and cheap to use: a page of
 * amounts built one per figure (the landing's pricing, an invoices table) spent tens of
 * milliseconds of a phone's main thread on them (issue 12, TBT). One per locale and options.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object | undefined,
  create: () => T,
): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

/** One cached Intl.DateTimeFormat per locale and options (lib/hijri shares the cache). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export const CURRENCIES = ['SAR', 'AED', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * Today's calendar day (`YYYY-MM-DD`) in `timeZone`: what "today" means for an organisation,
 * whatever the browser's own zone (a manager abroad still sees Riyadh's day).
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    now,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return numberFormat(LOCALES[language], options).format(value);
}

/** A calendar day (`YYYY-MM-DD`) plus `days` (calendar arithmetic: no time zone, no DST). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `formatMoney(1250, 'SAR', 'en')` → "SAR 1,250.00"; in Arabic "1,250.00 ر.س." (Latin digits). */
export function formatMoney(amount: number, currency: Currency, language: Language): string {
  return numberFormat(LOCALES[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** `formatPercent(0.15, 'en')` → "15%". */
export function formatPercent(ratio: number, language: Language): string {
  return numberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 2 }).format(ratio);
}

export type DateInput = Date | string | number;

/** A bare `YYYY-MM-DD` (a Postgres `date`, e.g. a check-in day): a calendar day, not an instant. */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/**
 * The Date to format and the zone to format it in. A calendar day is noon UTC read in UTC, so no
 * time zone (not even UTC+13/+14) moves it to the previous or next day; an instant is read in
 * `timeZone` (the organisation's).
 */
export function toFormattable(value: DateInput, timeZone: string): { date: Date; timeZone: string } {
  if (isCalendarDay(value)) return { date: new Date(`${value}T12:00:00Z`), timeZone: 'UTC' };
  return { date: value instanceof Date ? value : new Date(value), timeZone };
}

export type DateStyle = 'short' | 'medium' | 'long' | 'full';

/** A calendar day: "Mar 5, 2026" / "05/03/2026" (medium) or "March 5, 2026" / "5 مارس 2026" (long). */
export function formatDate(
  value: DateInput,
  language: Language,
  style: DateStyle = 'medium',
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const day = toFormattable(value, timeZone);
  return dateTimeFormat(LOCALES[language], { dateStyle: style, timeZone: day.timeZone }).format(day.date);
}

/** An instant (a `timestamptz`): date and time in the organisation's time zone. */
export function formatDateTime(value: DateInput, language: Language, timeZone: string = DEFAULT_TIME_ZONE): string {
  const instant = toFormattable(value, timeZone);
  return dateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: instant.timeZone,
  }).format(instant.date);
}

/** "in 3 days" / "خلال 3 أيام"; `unit` chosen by the caller. */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit, language: Language): string {
  const locale = LOCALES[language];
  return cached('relative', locale, undefined, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })).format(
    value,
    unit,
  );
}
