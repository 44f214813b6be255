// The export's iCalendar writer (RFC 5545): CRLF line ends, folding at 75 octets without splitting
// a UTF-8 character, TEXT escaping, all-day events with an exclusive DTEND, stable UIDs, no guest data.
import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { escapeText, foldLine, serializeCalendar } from './ics.ts';

const octets = (line: string) => new TextEncoder().encode(line).length;

Deno.test('TEXT values escape backslash, semicolon, comma and line breaks', () => {
  assertEquals(escapeText('a\\b;c,d\ne'), 'a\\\\b\\;c\\,d\\ne');
});

Deno.test('long lines fold at 75 octets and unfold to the same text, also in Arabic', () => {
  for (const line of ['X-WR-CALNAME:' + 'a'.repeat(200), 'X-WR-CALNAME:' + 'شقة العليا '.repeat(20)]) {
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    assert(parts.length > 1, 'folded');
    for (const part of parts) assert(octets(part) <= 75, `${octets(part)} octets`);
    for (const part of parts.slice(1)) assert(part.startsWith(' '), 'continuation starts with a space');
    assertEquals(folded.replace(/\r\n /g, ''), line);
  }
  assertEquals(foldLine('SUMMARY:Reserved'), 'SUMMARY:Reserved');
});

Deno.test('a calendar of stays: all-day, exclusive DTEND, stable UIDs, CRLF only, nothing personal', () => {
  const now = new Date('2026-11-27T10:11:12.345Z');
  const events = [
    {
      id: '11111111-1111-4111-8111-111111111111',
      check_in: '2026-12-01',
      check_out: '2026-12-04',
      status: 'confirmed' as const,
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      check_in: '2026-12-04',
      check_out: '2026-12-05',
      status: 'pending' as const,
    },
  ];
  const text = serializeCalendar(events, { domain: 'nuzl.app', now });
  assert(text.endsWith('\r\n'), 'ends with CRLF');
  assertEquals(text.replace(/\r\n/g, '').includes('\n'), false);
  assertEquals(text.replace(/\r\n/g, '').includes('\r'), false);
  const lines = text.split('\r\n');
  assertEquals(lines[0], 'BEGIN:VCALENDAR');
  assert(lines.includes('VERSION:2.0') && lines.some((l) => l.startsWith('PRODID:')), 'VERSION and PRODID');
  assert(lines.includes('UID:11111111-1111-4111-8111-111111111111@nuzl.app'), 'stable UID');
  assert(lines.includes('DTSTART;VALUE=DATE:20261201'), 'DTSTART');
  assert(lines.includes('DTEND;VALUE=DATE:20261204'), 'DTEND is the check-out day');
  assert(lines.includes('DTSTAMP:20261127T101112Z'), 'DTSTAMP in UTC');
  assertEquals(lines.filter((l) => l === 'SUMMARY:Reserved').length, 1);
  assertEquals(lines.filter((l) => l === 'SUMMARY:Not available').length, 1);
  assertEquals(lines.filter((l) => l === 'BEGIN:VEVENT').length, 2);
  assertEquals(serializeCalendar(events, { domain: 'nuzl.app', now }), text);
});
