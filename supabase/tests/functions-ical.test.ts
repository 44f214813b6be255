/**
 * The ical edge function (issue 15, channel manager) against the local stack. Export
 * (/functions/v1/ical/<token>.ics, no sign-in): RFC 5545 text/calendar with CRLF and folded lines,
 * all-day events with the check-out day as the exclusive DTEND, UIDs that stay the same, pending
 * holds in and cancelled stays out, nothing of the guest; an unknown or rotated token is 404, and
 * an address guessing tokens is refused. Import ("Sync now" and the schedule's route) from the
 * stack's OTA feed sandbox: events become blocking bookings by UID (created, moved, cancelled when
 * gone), a direct booking is never touched, an overlap is a logged conflict, a malformed or hanging
 * feed keeps what was imported, a second sync of a connection while one runs is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, ORG1, service, unitId, type Db } from './fixtures/db-accounts';
import type { TablesInsert } from '../../src/types/database';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let owner1Token: string;
let owner2Token: string;
let connectionId: string;
let token: string;
let guest: { id: string; name: string; phone: string };
const stays: Record<string, string> = {};

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
      // booking_reference is filled by the bookings trigger.
    } as TablesInsert<'bookings'>)
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
  owner1Token = await stack.userToken({ sub: DEMO.owner1.id });
  owner2Token = await stack.userToken({ sub: DEMO.owner2.id });
  owner1 = stack.client({ accessToken: owner1Token }) as unknown as Db;
  owner2 = stack.client({ accessToken: owner2Token }) as unknown as Db;
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
});

describe('the iCal import', () => {
  const listing = 'test-48213377';
  const sandbox = () => stack.stack.ota;

  async function syncNow(accessToken = owner1Token) {
    const response = await fetch(`${stack.apiUrl}/functions/v1/ical/connections/${connectionId}/sync`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken}` },
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers checked field by field
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }
  async function imported() {
    const { data } = await svc
      .from('ota_imported_events')
      .select('uid, booking_id, check_in, check_out, conflict, conflict_reason, cancelled_at')
      .eq('connection_id', connectionId)
      .order('uid')
      .throwOnError();
    return data;
  }
  async function bookingOf(id: string | null) {
    const { data } = await svc
      .from('bookings')
      .select('id, check_in, check_out, status, source, unit_id, total_amount')
      .eq('id', id!)
      .single()
      .throwOnError();
    return data;
  }
  async function lastRun() {
    const { data } = await svc
      .from('ota_sync_runs')
      .select('*')
      .eq('connection_id', connectionId)
      .order('started_at', { ascending: false })
      .limit(1)
      .single()
      .throwOnError();
    return data;
  }

  beforeAll(async () => {
    sandbox().reset();
    await svc
      .from('ota_connections')
      .update({ ical_import_url: `${stack.apiUrl}/_sandbox/ota/feeds/airbnb/${listing}.ics` })
      .eq('id', connectionId)
      .throwOnError();
  });

  it('turns the feed into blocking bookings with the platform as source, logged, not exported back', async () => {
    sandbox().setEvents('airbnb', listing, [
      { uid: 'stay-a@airbnb.com', start: '2031-01-10', end: '2031-01-13', kind: 'reserved' },
      { uid: 'block-b@airbnb.com', start: '2031-01-20', end: '2031-01-21', kind: 'blocked' },
    ]);
    const synced = await syncNow();
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ outcome: 'ok', created: 2, updated: 0, cancelled: 0, conflicts: 0 });
    const [blockB, stayA] = await imported();
    expect(await bookingOf(stayA.booking_id)).toMatchObject({
      check_in: '2031-01-10',
      check_out: '2031-01-13',
      status: 'confirmed',
      source: 'airbnb',
      unit_id: unitId(1),
      // The platform took the payment: no invented revenue.
      total_amount: 0,
    });
    expect(await bookingOf(blockB.booking_id)).toMatchObject({ check_in: '2031-01-20', check_out: '2031-01-21' });
    expect(await lastRun()).toMatchObject({ trigger: 'manual', created_count: 2, conflict_count: 0, error: null });
    expect((await lastRun()).finished_at).not.toBeNull();
    // Staff read the log; Airbnb does not get its own stays back in our export.
    const { data: runs } = await owner1.from('ota_sync_runs').select('id').eq('connection_id', connectionId);
    expect(runs?.length).toBeGreaterThan(0);
    const exported = await exportOf(token);
    expect(exported.text).not.toContain(stayA.booking_id!);
    // The same sync again changes nothing.
    expect((await syncNow()).body).toMatchObject({ created: 0, updated: 0, cancelled: 0, conflicts: 0 });
  });

  it('moves a booking whose dates changed and cancels one whose event is gone, by UID', async () => {
    sandbox().setEvents('airbnb', listing, [
      { uid: 'stay-a@airbnb.com', start: '2031-01-11', end: '2031-01-15', kind: 'reserved' },
    ]);
    expect((await syncNow()).body).toMatchObject({ outcome: 'ok', created: 0, updated: 1, cancelled: 1 });
    const [blockB, stayA] = await imported();
    expect(await bookingOf(stayA.booking_id)).toMatchObject({
      check_in: '2031-01-11',
      check_out: '2031-01-15',
      status: 'confirmed',
      total_amount: 0,
    });
    expect((await bookingOf(blockB.booking_id)).status).toBe('cancelled');
    expect(blockB.cancelled_at).not.toBeNull();
  });

  it('never touches a direct booking: an overlapping event is a conflict, logged and flagged', async () => {
    const direct = await book('2031-02-01', '2031-02-05', 'confirmed');
    sandbox().setEvents('airbnb', listing, [
      { uid: 'stay-a@airbnb.com', start: '2031-01-11', end: '2031-01-15', kind: 'reserved' },
      { uid: 'clash-c@airbnb.com', start: '2031-02-03', end: '2031-02-06', kind: 'reserved' },
    ]);
    const synced = await syncNow();
    expect(synced.body).toMatchObject({ outcome: 'ok', created: 0, conflicts: 1 });
    expect(await bookingOf(direct)).toMatchObject({
      check_in: '2031-02-01',
      check_out: '2031-02-05',
      status: 'confirmed',
      source: 'direct',
    });
    const clash = (await imported()).find((e) => e.uid === 'clash-c@airbnb.com');
    expect(clash).toMatchObject({ conflict: true, booking_id: null, check_in: '2031-02-03' });
    expect(clash?.conflict_reason).toBeTruthy();
    expect(await lastRun()).toMatchObject({ conflict_count: 1, error: null });
    // Staff are told once (administrators and managers of org 1, in the app).
    const { data: told } = await svc
      .from('notifications')
      .select('user_id, params, link')
      .eq('organization_id', ORG1)
      .eq('event', 'channel_conflict')
      .throwOnError();
    expect(told.length).toBeGreaterThan(0);
    expect(told.map((n) => n.user_id)).toContain(DEMO.owner1.id);
    expect(told[0]).toMatchObject({
      params: { check_in: '2031-02-03', check_out: '2031-02-06', connection: 'Airbnb — Olaya Skyline' },
      link: `/dashboard/units?unit=${unitId(1)}&tab=channels`,
    });
    expect((await syncNow()).body).toMatchObject({ conflicts: 1 });
    const { count } = await svc
      .from('notifications')
      .select('id', { count: 'exact', head: true })
      .eq('event', 'channel_conflict');
    expect(count).toBe(told.length);
    // Removing the clash from the feed leaves the direct booking alone too.
    sandbox().setEvents('airbnb', listing, [
      { uid: 'stay-a@airbnb.com', start: '2031-01-11', end: '2031-01-15', kind: 'reserved' },
    ]);
    expect((await syncNow()).body).toMatchObject({ cancelled: 0 });
    expect((await bookingOf(direct)).status).toBe('confirmed');
  });

  it('leaves a past stay alone when its event leaves the feed', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // A free night of the unit in the last two months (the seed fills its calendar).
    const { data: taken } = await svc
      .from('bookings')
      .select('check_in, check_out')
      .eq('unit_id', unitId(1))
      .neq('status', 'cancelled')
      .gte('check_out', day(-60))
      .throwOnError();
    const free = Array.from({ length: 55 }, (_, i) => -60 + i).find(
      (offset) => !taken.some((b) => b.check_in <= day(offset) && day(offset) < b.check_out),
    );
    expect(free).toBeDefined();
    const current = { uid: 'stay-a@airbnb.com', start: '2031-01-11', end: '2031-01-15', kind: 'reserved' as const };
    sandbox().setEvents('airbnb', listing, [
      current,
      { uid: 'past-p@airbnb.com', start: day(free!), end: day(free! + 1) },
    ]);
    expect((await syncNow()).body).toMatchObject({ outcome: 'ok', created: 1 });
    sandbox().setEvents('airbnb', listing, [current]);
    expect((await syncNow()).body).toMatchObject({ outcome: 'ok', cancelled: 0 });
    const pastEvent = (await imported()).find((e) => e.uid === 'past-p@airbnb.com');
    expect(pastEvent?.cancelled_at).toBeNull();
    expect((await bookingOf(pastEvent!.booking_id)).status).toBe('confirmed');
  });

  it('keeps what was imported when the feed is malformed or fails, and logs the error', async () => {
    for (const mode of ['malformed', 'error'] as const) {
      sandbox().setMode('airbnb', listing, mode);
      const synced = await syncNow();
      expect(synced.status).toBe(200);
      expect(synced.body.outcome).toBe('failed');
      expect((await lastRun()).error).toBeTruthy();
      const stayA = (await imported()).find((e) => e.uid === 'stay-a@airbnb.com');
      expect((await bookingOf(stayA!.booking_id)).status).toBe('confirmed');
    }
    const { data: connection } = await svc.from('ota_connections').select('last_error').eq('id', connectionId).single();
    expect(connection?.last_error).toMatch(/HTTP 500/);
    sandbox().setMode('airbnb', listing, 'ok');
  });

  it('gives up on a feed that hangs after the timeout, and refuses a second sync meanwhile', async () => {
    sandbox().setMode('airbnb', listing, 'hang');
    const first = syncNow();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const second = await syncNow();
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('sync_in_progress');
    const timedOut = await first;
    expect(timedOut.body).toMatchObject({ outcome: 'failed' });
    expect(timedOut.body.error).toMatch(/did not answer within 10 s/);
    const stayA = (await imported()).find((e) => e.uid === 'stay-a@airbnb.com');
    expect((await bookingOf(stayA!.booking_id)).status).toBe('confirmed');
    sandbox().setMode('airbnb', listing, 'ok');
  }, 30_000);

  it('is for staff of the organisation only; the schedule route needs the service key', async () => {
    expect((await syncNow(owner2Token)).status).toBe(404);
    const anon = await fetch(`${stack.apiUrl}/functions/v1/ical/sync`, {
      method: 'POST',
      headers: { apikey: stack.anonKey },
    });
    expect(anon.status).toBe(401);
    // The schedule syncs the feeds not synced in the last 10 minutes.
    const before = (await lastRun()).id;
    const call = () =>
      fetch(`${stack.apiUrl}/functions/v1/ical/sync`, {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
      });
    await svc
      .from('ota_connections')
      .update({ last_synced_at: new Date().toISOString() })
      .eq('id', connectionId)
      .throwOnError();
    expect((await call()).status).toBe(200);
    expect((await lastRun()).id).toBe(before);
    await svc
      .from('ota_connections')
      .update({ last_synced_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .eq('id', connectionId)
      .throwOnError();
    const scheduled = await fetch(`${stack.apiUrl}/functions/v1/ical/sync`, {
      method: 'POST',
      headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(scheduled.status).toBe(200);
    expect((await lastRun()).trigger).toBe('schedule');
  }, 60_000);

  it('the sandbox fetches our export as a platform would and keeps what it got', async () => {
    const got = await sandbox().fetchExport(`${stack.apiUrl}/functions/v1/ical/${token}.ics`);
    expect(got.status).toBe(200);
    expect(got.body).toContain(`UID:${stays.confirmed}@nuzl.app`);
    expect(sandbox().received.at(-1)?.url).toContain(token);
  });
});

describe("imported stays and staff's new-booking notifications", () => {
  it("a connection's first sync is a backfill: no notification per stay; a later sync's new stay is notified", async () => {
    const listing = 'first-sync-2';
    const sandbox = stack.stack.ota;
    sandbox.setEvents('booking_com', listing, [
      { uid: 'backfill-1@booking.com', start: '2032-03-01', end: '2032-03-04', kind: 'reserved' },
      { uid: 'backfill-2@booking.com', start: '2032-03-10', end: '2032-03-12', kind: 'reserved' },
      { uid: 'backfill-past@booking.com', start: '2020-03-10', end: '2020-03-12', kind: 'reserved' },
    ]);
    const { data: fresh } = await svc
      .from('ota_connections')
      .insert({
        organization_id: ORG1,
        unit_id: unitId(2),
        platform: 'booking_com',
        connection_name: 'Booking.com — first sync test',
        ical_import_url: `${stack.apiUrl}/_sandbox/ota/feeds/booking_com/${listing}.ics`,
      })
      .select('id')
      .single()
      .throwOnError();
    const sync = () =>
      fetch(`${stack.apiUrl}/functions/v1/ical/connections/${fresh.id}/sync`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${owner1Token}` },
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    const notifiedFor = async () => {
      const { data: events } = await svc
        .from('ota_imported_events')
        .select('uid, booking_id')
        .eq('connection_id', fresh.id)
        .throwOnError();
      const { data: told } = await svc
        .from('notifications')
        .select('link')
        .eq('organization_id', ORG1)
        .eq('event', 'booking_created')
        .in(
          'link',
          events.map((e) => `/dashboard/bookings?booking=${e.booking_id}`),
        )
        .throwOnError();
      return events
        .filter((e) => told.some((n) => n.link === `/dashboard/bookings?booking=${e.booking_id}`))
        .map((e) => e.uid);
    };

    expect((await sync()).body).toMatchObject({ outcome: 'ok', created: 3 });
    expect(await notifiedFor()).toEqual([]);

    sandbox.setEvents('booking_com', listing, [
      { uid: 'backfill-1@booking.com', start: '2032-03-01', end: '2032-03-04', kind: 'reserved' },
      { uid: 'backfill-2@booking.com', start: '2032-03-10', end: '2032-03-12', kind: 'reserved' },
      { uid: 'backfill-past@booking.com', start: '2020-03-10', end: '2020-03-12', kind: 'reserved' },
      { uid: 'news-3@booking.com', start: '2032-04-01', end: '2032-04-03', kind: 'reserved' },
    ]);
    expect((await sync()).body).toMatchObject({ outcome: 'ok', created: 1 });
    expect(await notifiedFor()).toEqual(['news-3@booking.com']);
  });
});

describe('guessing export tokens', () => {
  it('refuses an address that keeps guessing tokens, even for a valid one, until its window ends', async () => {
    let status = 404;
    for (let i = 0; i < 31 && status === 404; i++) status = (await exportOf(`${'f'.repeat(60)}${1000 + i}`)).status;
    expect(status).toBe(429);
    expect((await exportOf(token)).status).toBe(429);
  });
});
