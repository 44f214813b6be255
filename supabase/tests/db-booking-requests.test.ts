/**
 * Public booking requests (request_booking(), anon) hold their dates for 24 hours only and are
 * rate-limited: an expired request is cancelled with the reason 'Request expired' and its dates
 * are free again without any scheduler (every booking write and availability check of the unit
 * releases lapsed requests first); a guest may have 3 requests waiting per organisation, and a
 * unit takes 3 requests per 10 minutes. "24 hours passing" is simulated by moving a request's
 * request_expires_at into the past with the service role (the clock is the database's).
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { fetchFrom } from './helpers/fetch-from';
import { REQUEST_EXPIRED_REASON } from '../../src/features/bookings/lib/booking-status';
import { ORG1, day, service, signInDemo, typed, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let visitor: Db;
let owner1: Db;
let member1: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  visitor = visitorsAtManyAddresses(stack);
  owner1 = await signInDemo(stack, 'owner1');
  member1 = await signInDemo(stack, 'member1');
  svc = service(stack);
});
afterAll(() => stack?.stop());

/**
 * Anonymous visitors, each request from another loopback address: these tests are about the hold
 * window and the limits per unit and per phone, not the limits per client address
 * (db-public-requests.test.ts), which would otherwise count every request of this file as one
 * visitor's.
 */
function visitorsAtManyAddresses(testStack: TestStack): Db {
  let next = 0;
  const rotating: typeof fetch = (input, init) =>
    fetchFrom(`127.0.${200 + Math.floor(next / 250)}.${2 + (next++ % 250)}`)(input, init);
  return typed(
    createClient(testStack.apiUrl, testStack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { fetch: rotating },
    }),
  );
}

let phoneSeq = 0;
/** A guest phone number no other test uses (the guest limit counts per phone). */
const freshPhone = () => `+9665${String(71_000_000 + phoneSeq++).padStart(8, '0')}`;

interface Requested {
  booking_reference: string;
  status: string;
  expires_at: string;
}

async function request(unit: number, from: number, nights: number, phone = freshPhone()) {
  return visitor.rpc('request_booking', {
    slug: 'demo',
    unit_id: unitId(unit),
    check_in: day(from),
    check_out: day(from + nights),
    guests_count: 1,
    guest_name: 'Guest Requester',
    guest_phone: phone,
    national_id: '1012345678',
  });
}

async function requestOk(unit: number, from: number, nights: number, phone?: string): Promise<Requested> {
  const { data, error } = await request(unit, from, nights, phone);
  if (error) throw new Error(`request_booking: ${error.message}`);
  return data as unknown as Requested;
}

/** Lets a request's hold lapse, as if 24 hours had passed (service role: a trusted caller). */
async function lapse(reference: string) {
  await svc
    .from('bookings')
    .update({ request_expires_at: new Date(Date.now() - 60_000).toISOString() })
    .eq('booking_reference', reference)
    .throwOnError();
}

async function bookingByRef(reference: string) {
  const { data } = await owner1
    .from('bookings')
    .select('id, status, cancellation_reason, cancelled_at, request_expires_at, created_at')
    .eq('booking_reference', reference)
    .single()
    .throwOnError();
  return data;
}

describe('hold window', () => {
  it('a public request is pending and holds its dates for 24 hours', async () => {
    const made = await requestOk(1, 100, 2);
    expect(made.status).toBe('pending');
    const row = await bookingByRef(made.booking_reference);
    const held = Date.parse(row.request_expires_at!) - Date.parse(row.created_at);
    expect(held).toBe(24 * 3600 * 1000);
    expect(Date.parse(made.expires_at)).toBe(Date.parse(row.request_expires_at!));
    // While the hold lasts the dates are taken, for visitors and staff alike.
    expect(
      (await visitor.rpc('check_unit_availability', { unit_id: unitId(1), check_in: day(100), check_out: day(102) }))
        .data,
    ).toBe(false);
    expect((await request(1, 101, 2)).error?.hint).toBe('booking_overlap');
  });

  it('an availability check releases a lapsed request: cancelled with the reason, dates free', async () => {
    const made = await requestOk(2, 100, 3);
    await lapse(made.booking_reference);
    const { data: free, error } = await visitor.rpc('check_unit_availability', {
      unit_id: unitId(2),
      check_in: day(101),
      check_out: day(102),
    });
    expect(error).toBeNull();
    expect(free).toBe(true);
    const row = await bookingByRef(made.booking_reference);
    expect(row.status).toBe('cancelled');
    // The value the bookings screen recognises and shows translated.
    expect(row.cancellation_reason).toBe(REQUEST_EXPIRED_REASON);
    expect(REQUEST_EXPIRED_REASON).toBe('Request expired');
    expect(Date.parse(row.cancelled_at!)).toBe(Date.parse(row.request_expires_at!));
  });

  it('the next request for the same dates takes them (no check needed first)', async () => {
    const first = await requestOk(3, 100, 3);
    await lapse(first.booking_reference);
    const second = await requestOk(3, 101, 1);
    expect(second.status).toBe('pending');
    expect((await bookingByRef(first.booking_reference)).status).toBe('cancelled');
  });

  it('the public calendar and the staff quote stop showing a lapsed request', async () => {
    const made = await requestOk(4, 100, 2);
    const before = await visitor.rpc('unit_booked_ranges', {
      unit_id: unitId(4),
      from_date: day(99),
      to_date: day(103),
    });
    expect(before.data).toEqual([{ check_in: day(100), check_out: day(102) }]);
    await lapse(made.booking_reference);
    const after = await visitor.rpc('unit_booked_ranges', {
      unit_id: unitId(4),
      from_date: day(99),
      to_date: day(103),
    });
    expect(after.error).toBeNull();
    expect(after.data).toEqual([]);

    const other = await requestOk(5, 100, 2);
    const held = await owner1.rpc('booking_quote', { unit_id: unitId(5), check_in: day(100), check_out: day(102) });
    expect((held.data as { available: boolean }).available).toBe(false);
    await lapse(other.booking_reference);
    const quote = await owner1.rpc('booking_quote', { unit_id: unitId(5), check_in: day(100), check_out: day(102) });
    expect(quote.error).toBeNull();
    expect((quote.data as { available: boolean }).available).toBe(true);
    expect((await bookingByRef(other.booking_reference)).status).toBe('cancelled');
  });

  it('a staff booking over a lapsed request succeeds; over a live one it is refused, naming the request', async () => {
    const live = await requestOk(6, 100, 2);
    const { data: client } = await owner1.from('clients').select('id').limit(1).single().throwOnError();
    const stay = {
      unit_id: unitId(6),
      client_id: client.id,
      check_in: day(100),
      check_out: day(102),
      booking_reference: 'x',
    };
    const refused = await member1.from('bookings').insert(stay);
    // Staff are told it is a public request waiting for an answer (db-public-requests.test.ts).
    expect(refused.error?.hint).toBe('booking_pending_request');
    expect(refused.error?.message).toContain(live.booking_reference);
    await lapse(live.booking_reference);
    const { data: made, error } = await member1.from('bookings').insert(stay).select('status').single();
    expect(error).toBeNull();
    expect(made!.status).toBe('confirmed');
    expect((await bookingByRef(live.booking_reference)).status).toBe('cancelled');
  });

  it('an expired request can only be cancelled, even before anything released it', async () => {
    const made = await requestOk(7, 100, 2);
    const { id } = await bookingByRef(made.booking_reference);
    await lapse(made.booking_reference);
    const confirm = await owner1.from('bookings').update({ status: 'confirmed' }).eq('id', id).select();
    expect(confirm.error?.hint).toBe('booking_request_expired');
    expect(confirm.error?.message).toBe('This booking request has expired');
    const edit = await owner1.from('bookings').update({ guests_count: 2 }).eq('id', id).select();
    expect(edit.error?.hint).toBe('booking_request_expired');
    const cancel = await owner1
      .from('bookings')
      .update({ status: 'cancelled', cancellation_reason: 'Guest called' })
      .eq('id', id)
      .select('status, cancellation_reason')
      .single();
    expect(cancel.error).toBeNull();
    expect(cancel.data).toEqual({ status: 'cancelled', cancellation_reason: 'Guest called' });
  });

  it('a request confirmed in time is a booking: it no longer expires', async () => {
    const made = await requestOk(8, 100, 2);
    const { id } = await bookingByRef(made.booking_reference);
    await owner1.from('bookings').update({ status: 'confirmed' }).eq('id', id).throwOnError();
    await lapse(made.booking_reference);
    expect(
      (await visitor.rpc('check_unit_availability', { unit_id: unitId(8), check_in: day(100), check_out: day(102) }))
        .data,
    ).toBe(false);
    expect((await bookingByRef(made.booking_reference)).status).toBe('confirmed');
  });

  it('staff cannot give a booking a hold or move one; staff bookings never expire', async () => {
    const { data: client } = await owner1.from('clients').select('id').limit(1).single().throwOnError();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const { data: pending } = await owner1
      .from('bookings')
      .insert({
        unit_id: unitId(9),
        client_id: client.id,
        check_in: day(100),
        check_out: day(102),
        status: 'pending',
        booking_reference: 'x',
        request_expires_at: past,
      })
      .select('id, request_expires_at')
      .single()
      .throwOnError();
    expect(pending.request_expires_at).toBeNull();
    expect(
      (await visitor.rpc('check_unit_availability', { unit_id: unitId(9), check_in: day(100), check_out: day(102) }))
        .data,
    ).toBe(false);

    const made = await requestOk(9, 110, 2);
    const row = await bookingByRef(made.booking_reference);
    const moved = await owner1
      .from('bookings')
      .update({ request_expires_at: past, special_requests: 'Late arrival' })
      .eq('id', row.id)
      .select('request_expires_at, special_requests')
      .single();
    expect(moved.error).toBeNull();
    expect(Date.parse(moved.data!.request_expires_at!)).toBe(Date.parse(row.request_expires_at!));
    expect(moved.data!.special_requests).toBe('Late arrival');
  });

  it('a statement updating many bookings of a unit, lapsed requests among them, goes through', async () => {
    const lapsed = await requestOk(10, 150, 1);
    const live = await requestOk(10, 152, 1);
    await lapse(lapsed.booking_reference);
    const { data, error } = await svc
      .from('bookings')
      .update({ special_requests: 'Quiet hours after 22:00' })
      .eq('unit_id', unitId(10))
      .gte('check_in', day(149))
      .select('booking_reference');
    expect(error).toBeNull();
    expect(data!.map((b) => b.booking_reference).sort()).toEqual(
      [lapsed.booking_reference, live.booking_reference].sort(),
    );
    // The write took no dates, so nothing was released; the lapsed request is still only lapsed.
    expect((await bookingByRef(lapsed.booking_reference)).status).toBe('pending');
    await stack.db.query('select private.expire_pending_requests()');
  });

  it('private.expire_pending_requests() (the scheduled sweep) releases lapsed requests of every unit', async () => {
    const a = await requestOk(10, 120, 1);
    const b = await requestOk(11, 120, 1);
    const c = await requestOk(11, 130, 1);
    await lapse(a.booking_reference);
    await lapse(b.booking_reference);
    const { rows } = await stack.db.query<{ n: number }>('select private.expire_pending_requests() as n');
    expect(rows[0]!.n).toBe(2);
    expect((await bookingByRef(a.booking_reference)).status).toBe('cancelled');
    expect((await bookingByRef(b.booking_reference)).status).toBe('cancelled');
    expect((await bookingByRef(c.booking_reference)).status).toBe('pending');
    // Nobody outside the database calls it: it lives in the unexposed schema.
    expect((await stack.client('anon').rpc('expire_pending_requests')).error).not.toBeNull();
  });

  it("release_lapsed_booking_requests() (called before staff lists) releases only the caller organisation's lapsed requests", async () => {
    // Earlier requests of these units are out of the per-unit rate window.
    await stack.db.query(
      `update public.bookings set created_at = created_at - interval '1 hour' where request_expires_at is not null`,
    );
    const lapsedHere = await requestOk(10, 140, 1);
    const liveHere = await requestOk(10, 145, 1);
    const { data: elsewhere, error } = await visitor.rpc('request_booking', {
      slug: 'second',
      unit_id: unitId(13),
      check_in: day(140),
      check_out: day(141),
      guests_count: 1,
      guest_name: 'Guest Requester',
      guest_phone: freshPhone(),
      national_id: '1012345678',
    });
    if (error) throw new Error(`request_booking: ${error.message}`);
    const lapsedElsewhere = elsewhere as unknown as Requested;
    await lapse(lapsedHere.booking_reference);
    await lapse(lapsedElsewhere.booking_reference);

    // Visitors and vendor users release nothing.
    expect((await visitor.rpc('release_lapsed_booking_requests')).error).not.toBeNull();
    const vendor = await signInDemo(stack, 'vendor1');
    expect((await vendor.rpc('release_lapsed_booking_requests')).data).toBe(0);
    expect((await bookingByRef(lapsedHere.booking_reference)).status).toBe('pending');

    // A member reading bookings releases organisation 1's lapsed request, not organisation 2's.
    const released = await member1.rpc('release_lapsed_booking_requests');
    expect(released.error).toBeNull();
    expect(released.data).toBe(1);
    const here = await bookingByRef(lapsedHere.booking_reference);
    expect(here.status).toBe('cancelled');
    expect(here.cancellation_reason).toBe(REQUEST_EXPIRED_REASON);
    expect((await bookingByRef(liveHere.booking_reference)).status).toBe('pending');
    const { data: other } = await svc
      .from('bookings')
      .select('status')
      .eq('booking_reference', lapsedElsewhere.booking_reference)
      .single()
      .throwOnError();
    expect(other.status).toBe('pending');
  });
});

describe('rate limits', () => {
  beforeAll(async () => {
    // The requests above were made moments ago: move them out of the units' 10-minute window.
    await stack.db.query(
      `update public.bookings set created_at = created_at - interval '1 hour' where request_expires_at is not null`,
    );
  });

  it('a guest may have 3 requests waiting per organisation, whatever form of the number is typed', async () => {
    const phone = '+966512340001';
    await requestOk(1, 200, 1, phone);
    await requestOk(2, 200, 1, '0512340001');
    const third = await requestOk(3, 200, 1, '00966 51 234 0001');
    const fourth = await request(4, 200, 1, '+966512340001');
    expect(fourth.error?.hint).toBe('booking_request_limit_guest');
    expect(fourth.error?.message).toBe(
      'You already have booking requests waiting for an answer. Please wait for the host to reply.',
    );
    expect(fourth.status).toBe(429);
    expect(
      (await visitor.rpc('check_unit_availability', { unit_id: unitId(4), check_in: day(200), check_out: day(201) }))
        .data,
    ).toBe(true);
    // Another organisation's page is a separate count.
    const other = await visitor.rpc('request_booking', {
      slug: 'second',
      unit_id: unitId(13),
      check_in: day(200),
      check_out: day(201),
      guests_count: 1,
      guest_name: 'Guest Requester',
      guest_phone: phone,
      national_id: '1012345678',
    });
    expect(other.error).toBeNull();
    // When one of them is answered (or lapses), the guest may ask again.
    await lapse(third.booking_reference);
    await requestOk(4, 200, 1, phone);
  });

  it('a unit takes 3 requests per 10 minutes, from any guests; refused requests do not count', async () => {
    await requestOk(12, 250, 1);
    expect((await request(12, 250, 1)).error?.hint).toBe('booking_overlap');
    await requestOk(12, 252, 1);
    await requestOk(12, 254, 1);
    const fourth = await request(12, 256, 1);
    expect(fourth.error?.hint).toBe('booking_request_limit_unit');
    expect(fourth.error?.message).toBe('This unit has received many booking requests. Please try again later.');
    expect(fourth.status).toBe(429);
    const { count } = await svc
      .from('bookings')
      .select('*', { count: 'exact', head: true })
      .eq('unit_id', unitId(12))
      .eq('organization_id', ORG1)
      .not('request_expires_at', 'is', null);
    expect(count).toBe(3);
    // Ten minutes later the unit takes requests again.
    await stack.db.query(
      `update public.bookings set created_at = created_at - interval '11 minutes' where unit_id = $1`,
      [unitId(12)],
    );
    await requestOk(12, 256, 1);
  });
});

describe('at the same moment', () => {
  // PostgREST gives each request its own transaction (its own database session on a real
  // server: SUPABASE_DB_URL), so these race for real there.
  it('8 simultaneous requests for one unit (different guests, free dates): exactly 3 get through', async () => {
    await stack.db.query(
      `update public.bookings set created_at = created_at - interval '1 hour' where request_expires_at is not null`,
    );
    const attempts = await Promise.all(Array.from({ length: 8 }, (_, i) => request(10, 300 + 2 * i, 1)));
    expect(attempts.filter((a) => !a.error)).toHaveLength(3);
    for (const refused of attempts.filter((a) => a.error))
      expect(refused.error!.hint).toBe('booking_request_limit_unit');
  });

  it('6 simultaneous requests from one guest: exactly 3 wait for an answer', async () => {
    const phone = freshPhone();
    const attempts = await Promise.all([1, 2, 3, 4, 5, 6].map((unit) => request(unit, 320, 1, phone)));
    expect(attempts.filter((a) => !a.error)).toHaveLength(3);
    for (const refused of attempts.filter((a) => a.error))
      expect(refused.error!.hint).toBe('booking_request_limit_guest');
  });

  it('guests racing for the dates of a lapsed request: one takes them, the others are told they are booked', async () => {
    await stack.db.query(
      `update public.bookings set created_at = created_at - interval '1 hour' where request_expires_at is not null`,
    );
    const held = await requestOk(11, 340, 3);
    await lapse(held.booking_reference);
    const attempts = await Promise.all([0, 1, 2].map(() => request(11, 341, 1)));
    expect(attempts.filter((a) => !a.error)).toHaveLength(1);
    for (const refused of attempts.filter((a) => a.error)) expect(refused.error!.hint).toBe('booking_overlap');
    expect((await bookingByRef(held.booking_reference)).status).toBe('cancelled');
  });
});
