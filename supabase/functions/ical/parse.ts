// Reading the platforms' iCal feeds (RFC 5545) for the import: unfolds lines (CRLF or bare LF),
// reads VEVENTs with all-day (VALUE=DATE) or date-time DTSTART/DTEND (UTC "Z", TZID or floating),
// a missing DTEND meaning one night (or DURATION in days), escaped TEXT. Recurring events (RRULE)
// are not stays and are left out with a note; so are cancelled events and ones without a UID.
// A text that is no VCALENDAR throws: the caller keeps what earlier syncs imported.

export interface FeedEvent {
  uid: string;
  /** YYYY-MM-DD */
  check_in: string;
  /** YYYY-MM-DD, exclusive (the check-out day). */
  check_out: string;
  summary: string | null;
}

export interface ParsedFeed {
  events: FeedEvent[];
  /** Events left out, and why (recurring, cancelled, no UID, unreadable dates). */
  skipped: { uid: string | null; reason: string }[];
}

export class FeedError extends Error {}

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** One content line: NAME;PARAM=value;PARAM="quoted:value":VALUE */
export function parseLine(line: string): Property | null {
  let i = 0;
  let inQuotes = false;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === ':' && !inQuotes) break;
  }
  if (i >= line.length) return null;
  const head = line.slice(0, i);
  const value = line.slice(i + 1);
  const [rawName, ...rawParams] = head.match(/(?:[^;"]+|"[^"]*")+/g) ?? [];
  if (!rawName) return null;
  const params: Record<string, string> = {};
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    if (eq > 0) params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: rawName.toUpperCase(), params, value };
}

export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The calendar day of a DATE or DATE-TIME value. A UTC time is read in `utcOffsetMinutes` (the
 * organisation's zone, Riyadh +03:00 by default); a TZID or floating time is already local.
 */
export function dayOf(prop: Property, utcOffsetMinutes = 180): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(prop.value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, z] = m;
  const date = `${y}-${mo}-${d}`;
  if (Number.isNaN(new Date(`${date}T00:00:00Z`).getTime()) || Number(mo) < 1 || Number(mo) > 12) return null;
  if (!h || !z) return date;
  const at = new Date(`${date}T${h}:${mi}:${s}Z`).getTime() + utcOffsetMinutes * 60_000;
  return new Date(at).toISOString().slice(0, 10);
}

/** Whole days of a DURATION (P3D, P1W, PT36H → 2 …), at least 1. */
function durationDays(value: string): number | null {
  const m = /^\+?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!m) return null;
  const [, w, d, h] = m;
  const days = Number(w ?? 0) * 7 + Number(d ?? 0) + Math.ceil(Number(h ?? 0) / 24);
  return Math.max(1, days);
}

export function parseFeed(text: string, utcOffsetMinutes = 180): ParsedFeed {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/);
  if (!lines.some((l) => l.trim().toUpperCase() === 'BEGIN:VCALENDAR')) {
    throw new FeedError('The feed is not an iCalendar file (no BEGIN:VCALENDAR)');
  }
  if (!lines.some((l) => l.trim().toUpperCase() === 'END:VCALENDAR')) {
    throw new FeedError('The feed is cut off (no END:VCALENDAR)');
  }
  const events: FeedEvent[] = [];
  const skipped: ParsedFeed['skipped'] = [];
  let current: Property[] | null = null;
  let depth = 0; // nested components inside a VEVENT (VALARM)
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line) continue;
    const upper = line.toUpperCase();
    if (upper === 'BEGIN:VEVENT') {
      if (current) throw new FeedError('A VEVENT inside a VEVENT');
      current = [];
      depth = 0;
      continue;
    }
    if (!current) continue;
    if (upper.startsWith('BEGIN:')) depth++;
    else if (upper.startsWith('END:') && upper !== 'END:VEVENT') depth = Math.max(0, depth - 1);
    else if (upper === 'END:VEVENT') {
      const result = toEvent(current, utcOffsetMinutes);
      if ('reason' in result) skipped.push(result);
      else events.push(result);
      current = null;
    } else if (depth === 0) {
      const prop = parseLine(line);
      if (prop) current.push(prop);
    }
  }
  if (current) throw new FeedError('The feed is cut off inside an event (no END:VEVENT)');
  return { events, skipped };
}

function toEvent(props: Property[], utcOffsetMinutes: number): FeedEvent | { uid: string | null; reason: string } {
  const get = (name: string) => props.find((p) => p.name === name);
  const uid = get('UID')?.value.trim() || null;
  if (!uid) return { uid, reason: 'no UID' };
  if (get('RRULE') || get('RDATE')) return { uid, reason: 'recurring event (RRULE) ignored' };
  if (get('STATUS')?.value.trim().toUpperCase() === 'CANCELLED') return { uid, reason: 'cancelled' };
  const start = get('DTSTART');
  const checkIn = start ? dayOf(start, utcOffsetMinutes) : null;
  if (!checkIn) return { uid, reason: 'no readable DTSTART' };
  const end = get('DTEND');
  const duration = get('DURATION');
  let checkOut: string | null = null;
  if (end) checkOut = dayOf(end, utcOffsetMinutes);
  else if (duration) checkOut = addDays(checkIn, durationDays(duration.value) ?? 1);
  if (end && !checkOut) return { uid, reason: 'no readable DTEND' };
  if (!checkOut || checkOut <= checkIn) checkOut = addDays(checkIn, 1);
  const summary = get('SUMMARY');
  return { uid, check_in: checkIn, check_out: checkOut, summary: summary ? unescapeText(summary.value) : null };
}
