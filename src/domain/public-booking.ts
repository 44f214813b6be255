import { z } from 'zod';
import { guestPhoneSchema } from './phone';
import { optionalEmail, optionalText, requiredText } from './validation';

/**
 * A guest's booking request from an organisation's public page (issue 13): the form's one schema,
 * and the pure calendar and date-range rules of the page's availability picker. Days are
 * calendar days `YYYY-MM-DD` (no time zone: what Postgres `date` holds); a stay's nights are
 * [check-in, check-out).
 */

/** Message keys of the request form's own refusals (the `public-site` namespace). */
export const REQUEST_MESSAGES = {
  consent: 'public-site:form.consent_required',
  guests: 'public-site:form.guests_invalid',
} as const;

/** A Saudi National ID or Iqama: 10 digits starting with 1 (citizen) or 2 (resident). */
const SAUDI_ID = /^[12]\d{9}$/;

/** The guest's identity document: a Saudi ID or Iqama number, else a passport number. */
export function splitIdentity(value: string): { national_id: string | null; passport_number: string | null } {
  const compact = value.replace(/\s+/g, '');
  if (!compact) return { national_id: null, passport_number: null };
  return SAUDI_ID.test(compact)
    ? { national_id: compact, passport_number: null }
    : { national_id: null, passport_number: compact.toUpperCase() };
}

/**
 * The request form for a unit taking at most `maxGuests` guests. The output is what
 * request_booking() takes: the phone in E.164 (Saudi or international), the e-mail lower-case or
 * null, the identity split into national ID or passport number.
 */
export function publicBookingRequestSchema(maxGuests: number) {
  return z
    .object({
      guest_name: requiredText(200),
      guest_phone: guestPhoneSchema,
      guest_email: optionalEmail(),
      identity: requiredText(30),
      guests_count: z.coerce
        .number({ error: REQUEST_MESSAGES.guests })
        .int({ error: REQUEST_MESSAGES.guests })
        .min(1, { error: REQUEST_MESSAGES.guests })
        .max(maxGuests, { error: REQUEST_MESSAGES.guests }),
      special_requests: optionalText(2000),
      consent: z.literal(true, { error: REQUEST_MESSAGES.consent }),
    })
    .transform(({ identity, consent: _consent, ...rest }) => ({ ...rest, ...splitIdentity(identity) }));
}

export type PublicBookingRequestInput = z.input<ReturnType<typeof publicBookingRequestSchema>>;
export type PublicBookingRequest = z.output<ReturnType<typeof publicBookingRequestSchema>>;

// ---------------------------------------------------------------------------------------------
// Calendar days
// ---------------------------------------------------------------------------------------------

function toDate(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** `day` plus `days` calendar days. */
export function shiftDay(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Nights between two days (check-out − check-in). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((toDate(checkOut).getTime() - toDate(checkIn).getTime()) / 86_400_000);
}

/** A month as `YYYY-MM`. */
export type Month = string;

export function monthOf(day: string): Month {
  return day.slice(0, 7);
}

export function shiftMonth(month: Month, months: number): Month {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + months;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/**
 * A month's weeks for a grid starting on Sunday (the Saudi week): each week has 7 cells, a day
 * of the month or null for the padding before the 1st and after the last day.
 */
export function monthWeeks(month: Month): Array<Array<string | null>> {
  const first = `${month}-01`;
  const lead = toDate(first).getUTCDay();
  const length = nightsBetween(first, `${shiftMonth(month, 1)}-01`);
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let i = 0; i < length; i++) cells.push(shiftDay(first, i));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

// ---------------------------------------------------------------------------------------------
// Taken nights and the guest's range
// ---------------------------------------------------------------------------------------------

export interface BookedRange {
  check_in: string;
  check_out: string;
}

/** Every night some stay holds (check-in ≤ night < check-out). */
export function takenNights(ranges: readonly BookedRange[]): Set<string> {
  const nights = new Set<string>();
  for (const range of ranges) {
    for (let night = range.check_in; night < range.check_out; night = shiftDay(night, 1)) nights.add(night);
  }
  return nights;
}

export interface RangeRules {
  /** The organisation's today. */
  today: string;
  /** public_sites.max_request_nights */
  maxNights: number;
  /** public_sites.request_horizon_days */
  horizonDays: number;
  taken: ReadonlySet<string>;
}

/** Why a stay cannot be requested, checked in request_booking()'s order (taken last). */
export type RangeProblem = 'past' | 'order' | 'too_long' | 'too_far' | 'taken';

export function rangeProblem(checkIn: string, checkOut: string, rules: RangeRules): RangeProblem | null {
  if (checkIn < rules.today) return 'past';
  if (checkOut <= checkIn) return 'order';
  if (nightsBetween(checkIn, checkOut) > rules.maxNights) return 'too_long';
  if (nightsBetween(rules.today, checkIn) > rules.horizonDays) return 'too_far';
  for (let night = checkIn; night < checkOut; night = shiftDay(night, 1)) {
    if (rules.taken.has(night)) return 'taken';
  }
  return null;
}

export interface Selection {
  checkIn: string | null;
  checkOut: string | null;
}

export interface TapResult {
  selection: Selection;
  /** The tap was refused: the selection is unchanged and this says why. */
  problem: RangeProblem | null;
}

/**
 * A tap on `day`: the first tap (or a tap after a full range) picks check-in; the next tap after
 * it picks check-out, refused when the range is impossible; a tap on or before check-in starts
 * again from that day. A taken or past night cannot be a check-in.
 */
export function tapDay(selection: Selection, day: string, rules: RangeRules): TapResult {
  const startOver = (): TapResult => {
    if (day < rules.today) return { selection, problem: 'past' };
    if (nightsBetween(rules.today, day) > rules.horizonDays) return { selection, problem: 'too_far' };
    if (rules.taken.has(day)) return { selection, problem: 'taken' };
    return { selection: { checkIn: day, checkOut: null }, problem: null };
  };
  if (!selection.checkIn || selection.checkOut || day <= selection.checkIn) return startOver();
  const problem = rangeProblem(selection.checkIn, day, rules);
  if (problem) return { selection, problem };
  return { selection: { checkIn: selection.checkIn, checkOut: day }, problem: null };
}
