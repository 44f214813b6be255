// The import's iCalendar reader against the feeds the platforms send (rendered by the local OTA
// sandbox as Airbnb, Booking.com and the assumed Gathern format) and the odd cases: folded lines,
// bare LF, UTC and TZID times, a missing DTEND, RRULE, cut-off text.
import { assert, assertEquals, assertThrows } from '../_shared/zatca/testing.ts';
import { renderFeed } from '../../local/ota/sandbox.ts';
import { FeedError, parseFeed } from './parse.ts';

Deno.test('Airbnb: reservations and blocks, folded DESCRIPTION, all-day dates, UIDs', () => {
  const text = renderFeed('airbnb', '48213377', [
    { start: '2031-01-10', end: '2031-01-13', kind: 'reserved', uid: 'a1@airbnb.com' },
    { start: '2031-01-20', end: '2031-01-21', kind: 'blocked', uid: 'a2@airbnb.com' },
  ]);
  assert(text.includes('\r\n '), 'the DESCRIPTION is folded');
  const { events, skipped } = parseFeed(text);
  assertEquals(skipped, []);
  assertEquals(events, [
    { uid: 'a1@airbnb.com', check_in: '2031-01-10', check_out: '2031-01-13', summary: 'Reserved' },
    { uid: 'a2@airbnb.com', check_in: '2031-01-20', check_out: '2031-01-21', summary: 'Airbnb (Not available)' },
  ]);
});

Deno.test('Booking.com CLOSED - Not available and Gathern TZID date-times become nights', () => {
  const booking = parseFeed(renderFeed('booking_com', 'x', [{ start: '2031-02-01', end: '2031-02-04', uid: 'b1' }]));
  assertEquals(booking.events[0], {
    uid: 'b1',
    check_in: '2031-02-01',
    check_out: '2031-02-04',
    summary: 'CLOSED - Not available',
  });
  const gathern = parseFeed(renderFeed('gathern', 'g', [{ start: '2031-03-01', end: '2031-03-03', uid: 'g1' }]));
  assertEquals(gathern.events[0]!.check_in, '2031-03-01');
  assertEquals(gathern.events[0]!.check_out, '2031-03-03');
});

Deno.test('bare LF, UTC times read in Riyadh, a missing DTEND is one night, RRULE and CANCELLED left out', () => {
  const text = [
    'BEGIN:VCALENDAR',
    'BEGIN:VEVENT',
    'UID:utc',
    'DTSTART:20310401T220000Z', // 01:00 on 2 April in Riyadh
    'DTEND:20310403T090000Z',
    'SUMMARY:Booked\\, thanks',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:one-night',
    'DTSTART;VALUE=DATE:20310410',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:weekly',
    'DTSTART;VALUE=DATE:20310501',
    'DTEND;VALUE=DATE:20310502',
    'RRULE:FREQ=WEEKLY',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:gone',
    'STATUS:CANCELLED',
    'DTSTART;VALUE=DATE:20310601',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\n');
  const { events, skipped } = parseFeed(text);
  assertEquals(events, [
    { uid: 'utc', check_in: '2031-04-02', check_out: '2031-04-03', summary: 'Booked, thanks' },
    { uid: 'one-night', check_in: '2031-04-10', check_out: '2031-04-11', summary: null },
  ]);
  assertEquals(
    skipped.map((s) => s.uid),
    ['weekly', 'gone'],
  );
});

Deno.test('text that is no calendar, or is cut off, is refused', () => {
  assertThrows(() => parseFeed('<html>Sign in</html>'), FeedError);
  const whole = renderFeed('airbnb', 'x', [{ start: '2031-01-10', end: '2031-01-13' }]);
  assertThrows(() => parseFeed(whole.slice(0, whole.length / 2)), FeedError);
});
