// Writing iCalendar (RFC 5545) for the export feed: content lines end in CRLF and are folded at
// 75 octets (never inside a UTF-8 character), TEXT values escaped (§3.3.11), all-day events with
// DTSTART;VALUE=DATE and an exclusive DTEND (the check-out day, §3.6.1), UTC DTSTAMP.

const encoder = new TextEncoder();

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line: at most 75 octets a line, continuation lines start with a space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
      limit = 74; // the leading space counts
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** YYYYMMDD of a YYYY-MM-DD date. */
export function icsDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`not a date: ${isoDate}`);
  return isoDate.replace(/-/g, '');
}

/** YYYYMMDDTHHMMSSZ (UTC) of an instant. */
export function icsUtc(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export interface ExportEvent {
  /** The booking's id: the UID is `<id>@<domain>`, the same on every fetch. */
  id: string;
  check_in: string;
  /** The check-out day, which is DTEND itself (exclusive). */
  check_out: string;
  status: 'pending' | 'confirmed' | 'checked_in';
}

export interface CalendarOptions {
  /** The domain in the UIDs. */
  domain: string;
  /** DTSTAMP of every event (when this calendar object was made). */
  now: Date;
  name?: string;
}

/**
 * A VCALENDAR of the stays, without any guest data: a stay is "Reserved", a pending hold
 * "Not available" (TENTATIVE). The whole object as a string with CRLF line ends.
 */
export function serializeCalendar(events: ExportEvent[], options: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nuzl//Channel manager//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name ?? 'Nuzl')}`,
  ];
  const stamp = icsUtc(options.now);
  for (const event of events) {
    const pending = event.status === 'pending';
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@${options.domain}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(event.check_in)}`,
      `DTEND;VALUE=DATE:${icsDate(event.check_out)}`,
      `SUMMARY:${escapeText(pending ? 'Not available' : 'Reserved')}`,
      `STATUS:${pending ? 'TENTATIVE' : 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
