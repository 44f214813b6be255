/**
 * Year-long anonymous holds (issue 10, item 3). A visitor's request_booking() for 365 nights held
 * a unit for 24 hours and blocked its owner; a new phone number renewed the hold for ever. Now:
 *
 * - the stay length and the check-in horizon of a public request are bounded by the site's
 *   settings (public_sites.max_request_nights, default 30; request_horizon_days, default 365);
 * - requests are limited per client address as well as per phone: 3 waiting per address and
 *   organisation, and an address may not re-request dates of a unit whose request of theirs
 *   lapsed or was declined in the last 7 days. The address is the one the gateway saw (as
 *   Cloudflare does on hosted Supabase): forwarding headers the client sends change nothing;
 * - a pending request never blocks the organisation's own staff unseen: their booking is refused
 *   with a distinct 409 naming the request (reference, guest, expiry), they can list what is in
 *   the way, and decline the requests and book in one step.
 *
 * Visitors at different addresses connect from different loopback addresses (fetchFrom).
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { fetchFrom } from './helpers/fetch-from';
import { ORG1, day, service, signInDemo, typed, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let member1: Db;
let svc: Db;
let org1Client: string;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  svc = service(stack);
  org1Client = (await svc.from('clients').select('id').eq('organization_id', ORG1).limit(1).single().throwOnError())
    .data.id;
});
afterAll(() => stack?.stop());

let addressSeq = 0;
/** A loopback address no other visitor of this file uses. */
const freshAddress = () => `127.0.${1 + Math.floor(addressSeq / 250)}.${2 + (addressSeq++ % 250)}`;

/** An anonymous visitor connecting from `address`, optionally sending extra headers. */
function visitorAt(address: string, headers: Record<string, string> = {}): Db {
  return typed(
    createClient(stack.apiUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { fetch: fetchFrom(address), headers },
    }),
  );
}

let phoneSeq = 0;
const freshPhone = () => `+9665${String(72_000_000 + phoneSeq++).padStart(8, '0')}`;

interface Requested {
  booking_reference: string;
  expires_at: string;
}

function request(
  visitor: Db,
  unit: number,
  from: number,
  nights: number,
  extra: { phone?: string; slug?: string; guestName?: string } = {},
) {
  return visitor.rpc('request_booking', {
    slug: extra.slug ?? 'demo',
    unit_id: unitId(unit),
    check_in: day(from),
    check_out: day(from + nights),
    guests_count: 1,
    guest_name: extra.guestName ?? 'Guest Requester',
    guest_phone: extra.phone ?? freshPhone(),
    national_id: '1012345678',
  });
}

async function requestOk(visitor: Db, unit: number, from: number, nights: number, guestName?: string) {
  const { data, error } = await request(visitor, unit, from, nights, { guestName });
  if (error) throw new Error(`request_booking: ${error.message} (${error.hint})`);
  return data as unknown as Requested;
}

/** Lets a request's hold lapse and releases it, as 24 hours later (service role: trusted). */
async function lapse(reference: string) {
  await svc
    .from('bookings')
    .update({ request_expires_at: new Date(Date.now() - 60_000).toISOString() })
    .eq('booking_reference', reference)
    .throwOnError();
  await stack.db.query('select private.expire_pending_requests()');
}

/** The unit limit (3 requests per unit per 10 minutes) is not what these tests are about. */
async function forgetUnitWindow() {
  await stack.db.query(
    `update public.bookings set created_at = created_at - interval '1 hour' where request_expires_at is not null`,
  );
}

describe('stay length and horizon of a public request', () => {
  it('a year-long request is refused; the default allows up to 30 nights', async () => {
    const visitor = visitorAt(freshAddress());
    const year = await request(visitor, 1, 70, 365);
    expect(year.status).toBe(400);
    expect(year.error).toMatchObject({ code: '22023', hint: 'booking_request_too_long' });
    expect(year.error?.message).toBe(
      'Requests on this page are for stays of up to 30 nights. For a longer stay, please contact the host.',
    );
    expect((await request(visitor, 1, 70, 31)).error?.hint).toBe('booking_request_too_long');
    await requestOk(visitor, 1, 70, 30);
  });

  it('check-in more than 365 days ahead is refused by default', async () => {
    const visitor = visitorAt(freshAddress());
    const far = await request(visitor, 2, 367, 2);
    expect(far.status).toBe(400);
    expect(far.error).toMatchObject({ code: '22023', hint: 'booking_request_too_far' });
    await requestOk(visitor, 2, 360, 2);
  });

  it('the page manager sets both bounds (within 1–365 nights and 1–730 days); visitors read them', async () => {
    const site = (patch: { max_request_nights?: number; request_horizon_days?: number }) =>
      owner1.from('public_sites').update(patch).eq('organization_id', ORG1).select().single();
    expect((await site({ max_request_nights: 0 })).error?.code).toBe('23514');
    expect((await site({ max_request_nights: 366 })).error?.code).toBe('23514');
    expect((await site({ request_horizon_days: 731 })).error?.code).toBe('23514');
    // A member without public_site.manage changes nothing.
    const byMember = await member1
      .from('public_sites')
      .update({ max_request_nights: 365 })
      .eq('organization_id', ORG1)
      .select();
    expect(byMember.data ?? []).toEqual([]);
    try {
      expect((await site({ max_request_nights: 7, request_horizon_days: 730 })).error).toBeNull();
      const visitor = visitorAt(freshAddress());
      const page = await visitor.rpc('get_public_site', { slug: 'demo' });
      expect((page.data as { site: Record<string, unknown> }).site).toMatchObject({
        max_request_nights: 7,
        request_horizon_days: 730,
      });
      expect((await request(visitor, 3, 80, 8)).error?.hint).toBe('booking_request_too_long');
      await requestOk(visitor, 3, 80, 7);
      await requestOk(visitor, 3, 600, 2);
    } finally {
      await site({ max_request_nights: 30, request_horizon_days: 365 });
    }
  });
});

describe('limits per client address', () => {
  it('rotating phone numbers: an address has at most 3 requests waiting per organisation', async () => {
    await forgetUnitWindow();
    const address = freshAddress();
    const visitor = visitorAt(address);
    await requestOk(visitor, 4, 100, 2);
    await requestOk(visitor, 5, 100, 2);
    await requestOk(visitor, 6, 100, 2);
    const fourth = await request(visitor, 7, 100, 2);
    expect(fourth.status).toBe(429);
    expect(fourth.error).toMatchObject({ code: 'PT429', hint: 'booking_request_limit_address' });
    // The unit stays free: a refused request holds nothing.
    expect(
      (await visitor.rpc('check_unit_availability', { unit_id: unitId(7), check_in: day(100), check_out: day(102) }))
        .data,
    ).toBe(true);
    // Another address is another count; another organisation's page too.
    await requestOk(visitorAt(freshAddress()), 7, 100, 2);
    const elsewhere = await request(visitor, 13, 100, 2, { slug: 'second' });
    expect(elsewhere.error).toBeNull();
  });

  it('spoofed forwarding headers do not make a new visitor (the gateway sets them from the connection)', async () => {
    await forgetUnitWindow();
    const address = freshAddress();
    const spoofed = (n: number) =>
      visitorAt(address, {
        'X-Forwarded-For': `198.51.100.${n}`,
        'X-Real-IP': `198.51.100.${n}`,
        'CF-Connecting-IP': `198.51.100.${n}`,
      });
    await requestOk(spoofed(1), 8, 100, 2);
    await requestOk(spoofed(2), 9, 100, 2);
    await requestOk(spoofed(3), 10, 100, 2);
    const fourth = await request(spoofed(4), 11, 100, 2);
    expect(fourth.error?.hint).toBe('booking_request_limit_address');
  });

  it('no renewing: an address may not re-hold dates its own request held, for 7 days after it lapsed', async () => {
    await forgetUnitWindow();
    const address = freshAddress();
    const visitor = visitorAt(address);
    const held = await requestOk(visitor, 12, 120, 10);
    await lapse(held.booking_reference);
    // Same dates, shifted dates, a new phone: refused.
    for (const [from, nights] of [
      [120, 10],
      [125, 10],
      [129, 1],
    ] as const) {
      const again = await request(visitor, 12, from, nights);
      expect(again.status).toBe(429);
      expect(again.error).toMatchObject({ code: 'PT429', hint: 'booking_request_renewal' });
    }
    // Other dates of the unit, and another visitor for the same dates, are fine.
    await requestOk(visitor, 12, 140, 2);
    await requestOk(visitorAt(freshAddress()), 12, 120, 10);
  });

  it('a declined request counts like a lapsed one; after 7 days the address may ask again', async () => {
    await forgetUnitWindow();
    const visitor = visitorAt(freshAddress());
    const held = await requestOk(visitor, 1, 150, 3);
    const { data: row } = await owner1
      .from('bookings')
      .select('id')
      .eq('booking_reference', held.booking_reference)
      .single()
      .throwOnError();
    await owner1
      .from('bookings')
      .update({ status: 'cancelled', cancellation_reason: 'Not available' })
      .eq('id', row.id)
      .throwOnError();
    expect((await request(visitor, 1, 150, 3)).error?.hint).toBe('booking_request_renewal');
    await svc
      .from('bookings')
      .update({ cancelled_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .eq('id', row.id)
      .throwOnError();
    await requestOk(visitor, 1, 150, 3);
  });

  it('a confirmed request that staff later cancel does not stop the guest asking again', async () => {
    await forgetUnitWindow();
    const visitor = visitorAt(freshAddress());
    const held = await requestOk(visitor, 2, 160, 2);
    const { data: row } = await owner1
      .from('bookings')
      .select('id')
      .eq('booking_reference', held.booking_reference)
      .single()
      .throwOnError();
    await owner1.from('bookings').update({ status: 'confirmed' }).eq('id', row.id).throwOnError();
    await owner1
      .from('bookings')
      .update({ status: 'cancelled', cancellation_reason: 'Guest changed plans' })
      .eq('id', row.id)
      .throwOnError();
    // It was a booking, not an unanswered hold: the guest may ask for those dates again.
    await requestOk(visitor, 2, 160, 2);
  });
});

describe('the client address helper (private.request_client_address)', () => {
  async function addressFor(headers: Record<string, string> | null) {
    const { rows } = await stack.db.query<{ address: string | null; key: string | null }>(
      `select host(private.request_client_address()) as address,
              private.client_address_key(private.request_client_address()) as key
       from (select set_config('request.headers', $1, true)) s`,
      [headers === null ? '' : JSON.stringify(headers)],
    );
    return rows[0]!;
  }

  it('cf-connecting-ip, else x-real-ip, else the last x-forwarded-for entry; null without a request', async () => {
    expect(
      await addressFor({ 'cf-connecting-ip': '203.0.113.9', 'x-real-ip': '10.0.0.1', 'x-forwarded-for': '1.1.1.1' }),
    ).toEqual({ address: '203.0.113.9', key: '203.0.113.9' });
    expect(await addressFor({ 'x-real-ip': '10.0.0.1', 'x-forwarded-for': '1.1.1.1' })).toMatchObject({
      address: '10.0.0.1',
    });
    expect(await addressFor({ 'x-forwarded-for': '1.1.1.1, 192.0.2.7' })).toMatchObject({ address: '192.0.2.7' });
    expect(await addressFor({ 'cf-connecting-ip': 'not an address' })).toEqual({ address: null, key: null });
    expect(await addressFor({})).toEqual({ address: null, key: null });
    expect(await addressFor(null)).toEqual({ address: null, key: null });
  });

  it('an IPv6 client is counted by its /64 network', async () => {
    expect(await addressFor({ 'cf-connecting-ip': '2001:db8:1:2:aaaa::1' })).toEqual({
      address: '2001:db8:1:2:aaaa::1',
      key: '2001:db8:1:2::/64',
    });
  });
});

describe('a pending request never blocks staff unseen', () => {
  const stay = (unit: number, from: number, nights: number) => ({
    unit_id: unitId(unit),
    client_id: org1Client,
    check_in: day(from),
    check_out: day(from + nights),
    guests_count: 1,
    booking_reference: 'x',
  });

  it('a staff booking over a live request: a distinct 409 naming the request (reference, guest, expiry)', async () => {
    await forgetUnitWindow();
    const held = await requestOk(visitorAt(freshAddress()), 3, 200, 3, 'Huda Al-Qahtani');
    const refused = await owner1
      .from('bookings')
      .insert(stay(3, 201, 1))
      .select();
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'PT409', hint: 'booking_pending_request' });
    expect(refused.error?.message).toContain(held.booking_reference);
    expect(refused.error?.message).toContain('Huda Al-Qahtani');
    const details = JSON.parse(refused.error!.details!) as {
      requests: Array<{ id: string; booking_reference: string; guest_name: string; expires_at: string }>;
    };
    expect(details.requests).toHaveLength(1);
    expect(details.requests[0]).toMatchObject({
      booking_reference: held.booking_reference,
      guest_name: 'Huda Al-Qahtani',
      check_in: day(200),
      check_out: day(203),
    });
    expect(Date.parse(details.requests[0]!.expires_at)).toBe(Date.parse(held.expires_at));
  });

  it('everyone else still gets the generic overlap: a visitor, and staff when a real booking is in the way', async () => {
    await forgetUnitWindow();
    await requestOk(visitorAt(freshAddress()), 4, 210, 3, 'Private Guest');
    const visitor = await request(visitorAt(freshAddress()), 4, 211, 1);
    expect(visitor.error?.hint).toBe('booking_overlap');
    expect(JSON.stringify(visitor.error)).not.toContain('Private Guest');
    // A confirmed booking next to the request: staff over both get the generic answer.
    await owner1
      .from('bookings')
      .insert(stay(4, 213, 2))
      .throwOnError();
    const both = await owner1
      .from('bookings')
      .insert(stay(4, 212, 2))
      .select();
    expect(both.error?.hint).toBe('booking_overlap');
    // Another organisation learns nothing (tenancy first: the unit is not found).
    const outsider = await owner2
      .from('bookings')
      .insert({ ...stay(4, 211, 1), client_id: randomUUID() })
      .select();
    expect(outsider.error?.hint).toBe('unit_not_found');
  });

  it('booking_conflicts lists what is in the way, a public request with its expiry', async () => {
    await forgetUnitWindow();
    const held = await requestOk(visitorAt(freshAddress()), 5, 220, 2, 'Salem Guest');
    await owner1
      .from('bookings')
      .insert(stay(5, 222, 2))
      .throwOnError();
    const { data, error } = await member1.rpc('booking_conflicts', {
      unit_id: unitId(5),
      check_in: day(219),
      check_out: day(223),
    });
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(data![0]).toMatchObject({
      booking_reference: held.booking_reference,
      status: 'pending',
      guest_name: 'Salem Guest',
      booking_check_in: day(220),
      booking_check_out: day(222),
    });
    expect(Date.parse(data![0]!.request_expires_at!)).toBe(Date.parse(held.expires_at));
    expect(data![1]).toMatchObject({ status: 'confirmed', request_expires_at: null });
    // Visitors cannot call it; another organisation's unit is not found.
    expect(
      (
        await visitorAt(freshAddress()).rpc('booking_conflicts', {
          unit_id: unitId(5),
          check_in: day(219),
          check_out: day(223),
        })
      ).error,
    ).not.toBeNull();
    const outsider = await owner2.rpc('booking_conflicts', {
      unit_id: unitId(5),
      check_in: day(219),
      check_out: day(223),
    });
    expect(outsider.error).toMatchObject({ code: 'PT404', hint: 'unit_not_found' });
  });

  it('pending_booking_requests lists the live requests of a date range for the calendar', async () => {
    await forgetUnitWindow();
    const held = await requestOk(visitorAt(freshAddress()), 6, 230, 2);
    const lapsed = await requestOk(visitorAt(freshAddress()), 6, 233, 2);
    await lapse(lapsed.booking_reference);
    const { data, error } = await member1.rpc('pending_booking_requests', { from_date: day(229), to_date: day(240) });
    expect(error).toBeNull();
    expect(data!.map((r) => r.booking_reference)).toContain(held.booking_reference);
    expect(data!.map((r) => r.booking_reference)).not.toContain(lapsed.booking_reference);
    expect((await owner2.rpc('pending_booking_requests', { from_date: day(229), to_date: day(240) })).data).toEqual([]);
  });

  it('decline and book: one step declines exactly the requests seen and books the dates', async () => {
    await forgetUnitWindow();
    const held = await requestOk(visitorAt(freshAddress()), 7, 250, 3);
    const { data: request } = await owner1
      .from('bookings')
      .select('id')
      .eq('booking_reference', held.booking_reference)
      .single()
      .throwOnError();
    const args = {
      request_ids: [request.id],
      unit_id: unitId(7),
      client_id: org1Client,
      check_in: day(251),
      check_out: day(253),
      guests_count: 1,
    };
    // Refused on the way (too many guests): nothing is declined.
    const tooMany = await owner1.rpc('decline_requests_and_book', { ...args, guests_count: 99 });
    expect(tooMany.error?.hint).toBe('guests_count_invalid');
    const still = await owner1.from('bookings').select('status').eq('id', request.id).single().throwOnError();
    expect(still.data.status).toBe('pending');

    const booked = await member1.rpc('decline_requests_and_book', args);
    expect(booked.error).toBeNull();
    expect(booked.data).toMatchObject({ status: 'confirmed', check_in: day(251), check_out: day(253) });
    const declined = await owner1
      .from('bookings')
      .select('status, cancellation_reason')
      .eq('id', request.id)
      .single()
      .throwOnError();
    expect(declined.data).toEqual({ status: 'cancelled', cancellation_reason: 'Request declined' });
    // The request is no longer live: declining it again is a changed request.
    const again = await owner1.rpc('decline_requests_and_book', { ...args, check_in: day(250), check_out: day(251) });
    expect(again.error).toMatchObject({ code: 'PT409', hint: 'booking_request_changed' });
  });

  it('decline and book refuses a request it was not told about, and ids of another organisation', async () => {
    await forgetUnitWindow();
    const first = await requestOk(visitorAt(freshAddress()), 8, 260, 2);
    const second = await requestOk(visitorAt(freshAddress()), 8, 262, 2);
    const ids = await owner1
      .from('bookings')
      .select('id, booking_reference')
      .in('booking_reference', [first.booking_reference, second.booking_reference])
      .throwOnError();
    const firstId = ids.data.find((b) => b.booking_reference === first.booking_reference)!.id;
    const args = {
      request_ids: [firstId],
      unit_id: unitId(8),
      client_id: org1Client,
      check_in: day(260),
      check_out: day(264),
      guests_count: 1,
    };
    const unseen = await owner1.rpc('decline_requests_and_book', args);
    expect(unseen.error).toMatchObject({ code: 'PT409', hint: 'booking_pending_request' });
    expect(unseen.error?.message).toContain(second.booking_reference);
    const kept = await owner1.from('bookings').select('status').eq('id', firstId).single().throwOnError();
    expect(kept.data.status).toBe('pending');
    // Another organisation's owner: not found; a visitor: no access.
    const outsider = await owner2.rpc('decline_requests_and_book', { ...args, unit_id: unitId(13) });
    expect(outsider.error).toMatchObject({ code: 'PT404', hint: 'booking_not_found' });
    const visitor = await visitorAt(freshAddress()).rpc('decline_requests_and_book', args);
    expect(visitor.error).not.toBeNull();
    expect((await owner1.from('bookings').select('status').eq('id', firstId).single()).data?.status).toBe('pending');
  });
});
