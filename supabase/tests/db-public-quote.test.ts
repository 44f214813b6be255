/**
 * The public booking page's live quote (issue 13): public_booking_quote(slug, unit, dates, guests),
 * called by a visitor (anon) through the Data API. It answers only for an active unit of an
 * enabled site with that slug (404 otherwise, as request_booking), refuses the stays
 * request_booking refuses (400), and its total is the total of the booking a request then
 * creates (nights × price per night + cleaning fee).
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { fetchFrom } from './helpers/fetch-from';
import { ORG1, ORG2, day, service, typed, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let svc: Db;
let visitor: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  visitor = typed(
    createClient(stack.apiUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { fetch: fetchFrom('127.0.9.7') },
    }),
  );
});
afterAll(() => stack?.stop());

interface Quote {
  nights: number;
  price_per_night: number;
  subtotal: number;
  cleaning_fee: number;
  total: number;
  currency: string;
  available: boolean;
}

function quote(unit: string, from: number, nights: number, guests = 2, slug = 'demo') {
  return visitor.rpc('public_booking_quote', {
    slug,
    unit_id: unit,
    check_in: day(from),
    check_out: day(from + nights),
    guests,
  });
}

/** A stretch of `nights` free nights of a unit starting at or after `from` days ahead. */
async function freeStart(unit: string, from: number, nights: number): Promise<number> {
  const { data } = await visitor
    .rpc('unit_booked_ranges', { unit_id: unit, from_date: day(from), to_date: day(from + 200) })
    .throwOnError();
  for (let start = from; start < from + 190; start++) {
    const [a, b] = [day(start), day(start + nights)];
    if (!(data ?? []).some((r) => r.check_in < b && r.check_out > a)) return start;
  }
  throw new Error('no free dates');
}

describe('public_booking_quote', () => {
  it('quotes a demo unit as anon; the request then creates a booking with the same total', async () => {
    const unit = unitId(1);
    const start = await freeStart(unit, 150, 3);
    const answer = await quote(unit, start, 3);
    expect(answer.error).toBeNull();
    const q = answer.data as unknown as Quote;
    const { data: row } = await svc
      .from('units')
      .select('price_per_night, cleaning_fee')
      .eq('id', unit)
      .single()
      .throwOnError();
    expect(q).toEqual({
      nights: 3,
      price_per_night: Number(row.price_per_night),
      subtotal: 3 * Number(row.price_per_night),
      cleaning_fee: Number(row.cleaning_fee),
      total: 3 * Number(row.price_per_night) + Number(row.cleaning_fee),
      currency: 'SAR',
      available: true,
    });

    const requested = await visitor.rpc('request_booking', {
      slug: 'demo',
      unit_id: unit,
      check_in: day(start),
      check_out: day(start + 3),
      guests_count: 2,
      guest_name: 'Quote Guest',
      guest_phone: '+966551230987',
      national_id: '1012345678',
    });
    expect(requested.error).toBeNull();
    const booking = requested.data as unknown as { booking_reference: string; total_amount: number };
    expect(Number(booking.total_amount)).toBe(q.total);
    const { data: stored } = await svc
      .from('bookings')
      .select('total_amount, price_per_night, cleaning_fee, status')
      .eq('booking_reference', booking.booking_reference)
      .single()
      .throwOnError();
    expect(Number(stored.total_amount)).toBe(q.total);
    expect(stored.status).toBe('pending');

    // The same dates are now held: the quote still prices them, and says they are taken.
    const again = (await quote(unit, start, 3)).data as unknown as Quote;
    expect(again).toMatchObject({ total: q.total, available: false });
    await svc.from('bookings').delete().eq('booking_reference', booking.booking_reference).throwOnError();
  });

  it('unknown slug, inactive unit and another organisation’s unit are 404', async () => {
    const unknown = await quote(unitId(1), 160, 2, 2, 'no-such-site-here');
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PT404', hint: 'site_unavailable' });

    const { data: other } = await svc
      .from('units')
      .select('id')
      .eq('organization_id', ORG2)
      .limit(1)
      .single()
      .throwOnError();
    const foreign = await quote(other.id, 160, 2);
    expect(foreign.status).toBe(404);
    expect(foreign.error).toMatchObject({ code: 'PT404', hint: 'unit_inactive' });

    const { data: inactive } = await svc
      .from('units')
      .insert({
        organization_id: ORG1,
        name: 'Closed Flat',
        type: 'apartment',
        price_per_night: 300,
        max_guests: 2,
        is_active: false,
      })
      .select('id')
      .single()
      .throwOnError();
    const closed = await quote(inactive.id, 160, 2, 1);
    expect(closed.status).toBe(404);
    expect(closed.error).toMatchObject({ code: 'PT404', hint: 'unit_inactive' });

    const nobody = await quote('00000000-0000-4000-8000-000000000000', 160, 2);
    expect(nobody.status).toBe(404);
  });

  it('refuses the ranges request_booking refuses with 400 and its keys', async () => {
    const unit = unitId(1);
    const cases: Array<[string, Awaited<ReturnType<typeof quote>>]> = [
      ['booking_dates_invalid', await quote(unit, -2, 1)],
      ['booking_dates_invalid', await quote(unit, 160, 0)],
      ['booking_dates_invalid', await quote(unit, 160, -3)],
      ['booking_request_too_long', await quote(unit, 160, 31)],
      ['booking_request_too_far', await quote(unit, 400, 2)],
      ['guests_count_invalid', await quote(unit, 160, 2, 0)],
      ['guests_count_invalid', await quote(unit, 160, 2, 99)],
    ];
    for (const [hint, answer] of cases) {
      expect(answer.status, hint).toBe(400);
      expect(answer.error, hint).toMatchObject({ code: '22023', hint });
    }
    const missing = await visitor.rpc('public_booking_quote', {
      slug: 'demo',
      unit_id: unit,
      check_in: day(160),
      check_out: null as unknown as string,
      guests: 1,
    });
    expect(missing.status).toBe(400);
  });
});
