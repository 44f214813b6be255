/**
 * The OTA feed sandbox (issue 15): feeds in each platform's own shape, changed by tests, served
 * malformed, failing or hanging until the client gives up; it fetches our export and keeps it.
 */
import { describe, expect, it } from 'vitest';
import { createOtaSandbox, renderFeed } from './sandbox';

const get = (sandbox: ReturnType<typeof createOtaSandbox>, path: string, signal?: AbortSignal) =>
  sandbox.handle(new Request(`http://local${path}`, { signal }));

describe('the OTA feed sandbox', () => {
  it('serves Airbnb, Booking.com and Gathern feeds as the platforms write them', async () => {
    const sandbox = createOtaSandbox();
    sandbox.setEvents('airbnb', 'l1', [{ start: '2031-01-10', end: '2031-01-13' }]);
    const airbnb = await (await get(sandbox, '/feeds/airbnb/l1.ics')).text();
    expect(airbnb).toContain('PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN');
    expect(airbnb.replace(/\r\n /g, '')).toContain('Phone Number (Last 4 Digits): 1234');
    expect(airbnb).toContain('SUMMARY:Reserved');
    expect(airbnb).toContain('DTEND;VALUE=DATE:20310113');
    const booking = renderFeed('booking_com', 'b', [{ start: '2031-01-10', end: '2031-01-13' }]);
    expect(booking).toContain('SUMMARY:CLOSED - Not available');
    const gathern = renderFeed('gathern', 'g', [{ start: '2031-01-10', end: '2031-01-13' }]);
    expect(gathern).toContain('DTSTART;TZID=Asia/Riyadh:20310110T150000');
    for (const line of airbnb.split('\r\n')) expect(line.length).toBeLessThanOrEqual(75);
  });

  it('serves a cut-off or failing feed, hangs until the client aborts, and logs the requests', async () => {
    const sandbox = createOtaSandbox();
    sandbox.setMode('booking_com', 'b', 'malformed');
    expect(await (await get(sandbox, '/feeds/booking_com/b.ics')).text()).not.toContain('END:VCALENDAR');
    sandbox.setMode('booking_com', 'b', 'error');
    expect((await get(sandbox, '/feeds/booking_com/b.ics')).status).toBe(500);
    sandbox.setMode('booking_com', 'b', 'hang');
    const controller = new AbortController();
    const pending = get(sandbox, '/feeds/booking_com/b.ics', controller.signal);
    let settled = false;
    void pending.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    controller.abort();
    expect((await pending).status).toBe(504);
    expect(sandbox.requests.map((r) => r.mode)).toEqual(['malformed', 'error', 'hang']);
  });

  it('fetches our export as a platform would and keeps what it received', async () => {
    const sandbox = createOtaSandbox({
      fetch: () =>
        Promise.resolve(
          new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'content-type': 'text/calendar' } }),
        ),
    });
    const got = await sandbox.fetchExport('http://local/functions/v1/ical/abc.ics');
    expect(got).toMatchObject({ status: 200, contentType: 'text/calendar' });
    expect(sandbox.received).toHaveLength(1);
  });
});
