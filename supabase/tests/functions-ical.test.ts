/**
 * The ical edge function (issue 15, channel manager) against the local stack. Export
 * (/functions/v1/ical/<token>.ics, no sign-in): RFC 5545 text/calendar with CRLF and folded lines,
 * all-day events with the check-out day as the exclusive DTEND, UIDs that stay the same, pending
 * holds in and cancelled stays out, nothing of the guest; an unknown or rotated token is 404, and
 * an address guessing tokens is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, ORG1, service, unitId, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let connectionId: string;
let token: string;
let guest: { id: string; name: string; phone: string };
const stays: Record<string, string> = {};

async function signedIn(sub: string): Promise<Db> {
  return stack.client({ accessToken: await stack.userToken({ sub }) }) as unknown as Db;
}

async function book(checkIn: string, checkOut: string, status: 'pending' | 'confirmed' | 'cancelled') {
  const { data, error } = await svc
    .from('bookings')
    .insert({
      organization_id: ORG1,
      unit_id: unitId(1),
      client_id: guest.id,
      check_in: checkIn,
      check_out: checkOut,
      status: status === 'cancelled' ? 'confirmed' : status,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  if (status === 'cancelled') {
    const cancelled = await svc.from('bookings').update({ status: 'cancelled' }).eq('id', data.id);
    if (cancelled.error) throw new Error(cancelled.error.message);
  }
  return data.id;
}

async function exportOf(feedToken: string) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/ical/${feedToken}.ics`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await signedIn(DEMO.owner1.id);
  owner2 = await signedIn(DEMO.owner2.id);
  const { data: connection } = await svc
    .from('ota_connections')
    .select('id, ical_export_token')
    .eq('unit_id', unitId(1))
    .eq('platform', 'airbnb')
    .single()
    .throwOnError();
  connectionId = connection.id;
  token = connection.ical_export_token;
  const { data: client } = await svc
    .from('clients')
    .select('id, name, phone')
    .eq('organization_id', ORG1)
    .limit(1)
    .single()
    .throwOnError();
  guest = client;
  stays.confirmed = await book('2030-03-01', '2030-03-04', 'confirmed');
  stays.pending = await book('2030-03-04', '2030-03-06', 'pending');
  stays.cancelled = await book('2030-03-10', '2030-03-12', 'cancelled');
}, 120_000);
afterAll(() => stack?.stop());

/** The VEVENTs of an iCalendar text, unfolded, as property maps (name with parameters → value). */
function events(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const out: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      out.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return out;
}

describe('the iCal export', () => {
  it('serves the unit as RFC 5545 all-day events with exclusive DTEND, pending holds in, cancelled out', async () => {
    const feed = await exportOf(token);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // CRLF everywhere, no bare LF or CR, no line over 75 octets.
    expect(feed.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of feed.text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const byUid = new Map(events(feed.text).map((e) => [e.UID, e]));
    const confirmed = byUid.get(`${stays.confirmed}@nuzl.app`);
    expect(confirmed).toMatchObject({
      'DTSTART;VALUE=DATE': '20300301',
      'DTEND;VALUE=DATE': '20300304',
      SUMMARY: 'Reserved',
    });
    expect(confirmed?.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(byUid.get(`${stays.pending}@nuzl.app`)).toMatchObject({
      'DTSTART;VALUE=DATE': '20300304',
      'DTEND;VALUE=DATE': '20300306',
      SUMMARY: 'Not available',
    });
    expect(byUid.has(`${stays.cancelled}@nuzl.app`)).toBe(false);
    // Every event of the feed is a stay of this unit that is not cancelled.
    const { data: unitStays } = await svc
      .from('bookings')
      .select('id, status, unit_id')
      .in(
        'id',
        [...byUid.keys()].map((uid) => uid.replace(/@nuzl\.app$/, '')),
      )
      .throwOnError();
    expect(unitStays).toHaveLength(byUid.size);
    for (const stay of unitStays) {
      expect(stay.unit_id).toBe(unitId(1));
      expect(['pending', 'confirmed', 'checked_in']).toContain(stay.status);
    }
  });

  it('gives the same UIDs on every fetch and nothing of the guest', async () => {
    const first = events((await exportOf(token)).text).map((e) => e.UID);
    const second = events((await exportOf(token)).text).map((e) => e.UID);
    expect(second).toEqual(first);
    const text = (await exportOf(token)).text;
    expect(text).not.toContain(guest.name);
    expect(text).not.toContain(guest.phone);
    expect(text).not.toMatch(/ATTENDEE|ORGANIZER|DESCRIPTION|BK-/);
  });

  it('answers 404 for an unknown token', async () => {
    expect((await exportOf('0'.repeat(64))).status).toBe(404);
    expect((await exportOf('not-a-token')).status).toBe(404);
  });

  it('rotates the token for staff of the organisation: the old URL is 404 at once', async () => {
    const other = await owner2.rpc('rotate_ical_export_token', { connection_id: connectionId });
    expect(other.error?.code).toBe('PT404');
    const anon = await stack.client('anon').rpc('rotate_ical_export_token', { connection_id: connectionId });
    expect(anon.error).not.toBeNull();
    const { data: fresh, error } = await owner1.rpc('rotate_ical_export_token', { connection_id: connectionId });
    expect(error).toBeNull();
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(token);
    expect((await exportOf(token)).status).toBe(404);
    const renewed = await exportOf(fresh as string);
    expect(renewed.status).toBe(200);
    expect(renewed.text).toContain(`UID:${stays.confirmed}@nuzl.app`);
    token = fresh as string;
  });

  it('refuses an address that keeps guessing tokens, even for a valid one, until its window ends', async () => {
    let status = 404;
    for (let i = 0; i < 31 && status === 404; i++) status = (await exportOf(`${'f'.repeat(60)}${1000 + i}`)).status;
    expect(status).toBe(429);
    expect((await exportOf(token)).status).toBe(429);
  });
});
