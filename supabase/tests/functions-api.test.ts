/**
 * The public REST API (edge function `api`, docs/api.md) through the local stack, called as an
 * organisation's own system calls it: `Authorization: Bearer <API key>`, keys made by the demo
 * owners with create_api_key() as Settings → Security makes them.
 *
 * A key of organisation 1 reads and writes organisation 1 only: organisation 2's units, bookings
 * and guests are 404 and stay untouched. A wrong, malformed, missing or revoked key is 401; a
 * booking on taken dates is 409 with the SPEC §5 sentence. The rate limit and bad input:
 * functions-api-input.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG1, ORG2, day, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';
import { allPages, callApi, makeKey, type ApiInit } from './helpers/api-function';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let key1: string;
let key2: string;

const api = (path: string, key: string | null, init: ApiInit = {}) => callApi(stack, path, key, init);
const all = (path: string, key: string) => allPages(stack, path, key);

async function ids(table: 'units' | 'bookings' | 'clients', org: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ id: string }>(
    `select id from public.${table} where organization_id = $1 order by id`,
    [org],
  );
  return rows.map((r) => r.id);
}

const ORG2_UNIT = unitId(13);
let org2Booking: string;
let org2Client: string;
let org1Client: string;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  const owner2 = await signInDemo(stack, 'owner2');
  key1 = await makeKey(owner1, 'Channel manager');
  key2 = await makeKey(owner2, 'Second org sync');
  org2Booking = (await ids('bookings', ORG2))[0]!;
  org2Client = (await ids('clients', ORG2))[0]!;
  org1Client = (await ids('clients', ORG1))[0]!;
  // The first call boots the function's Deno worker.
  expect((await api('/v1/units?limit=1', key1)).status).toBe(200);
}, 120_000);
afterAll(() => stack?.stop());

describe('a key acts only within its organisation', () => {
  it('lists exactly its own units, page by page with next links', async () => {
    const units = await all('/v1/units?limit=5', key1);
    expect(units.map((u) => u.id).sort()).toEqual(await ids('units', ORG1));
    expect(new Set(units.map((u) => u.id)).size).toBe(units.length);
    expect(units[0]).toMatchObject({ currency: 'SAR', address: { country: 'SA' } });
    expect(units[0]).not.toHaveProperty('smart_lock_id');
    expect(units[0]).not.toHaveProperty('organization_id');
    const other = await all('/v1/units?limit=100', key2);
    expect(other.map((u) => u.id).sort()).toEqual(await ids('units', ORG2));
  });

  it('lists exactly its own bookings and guests', async () => {
    expect((await all('/v1/bookings?limit=100', key1)).map((b) => b.id).sort()).toEqual(await ids('bookings', ORG1));
    expect((await all('/v1/clients?limit=100', key1)).map((c) => c.id).sort()).toEqual(await ids('clients', ORG1));
  });

  it("answers 404 for another organisation's unit, availability, booking and guest", async () => {
    const probes: Array<[string, string]> = [
      [`/v1/units/${ORG2_UNIT}`, 'unit_not_found'],
      [`/v1/units/${ORG2_UNIT}/availability?from=${day(10)}&to=${day(12)}`, 'unit_not_found'],
      [`/v1/bookings/${org2Booking}`, 'booking_not_found'],
      [`/v1/clients/${org2Client}`, 'client_not_found'],
    ];
    for (const [path, code] of probes) {
      const answer = await api(path, key1);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error?.code, path).toBe(code);
    }
    // The same ids with their own organisation's key exist.
    expect((await api(`/v1/units/${ORG2_UNIT}`, key2)).status).toBe(200);
    expect((await api(`/v1/bookings/${org2Booking}`, key2)).status).toBe(200);
    expect((await api(`/v1/clients/${org2Client}`, key2)).status).toBe(200);
    // Filtering by another organisation's unit or guest finds nothing.
    expect((await api(`/v1/bookings?unit_id=${ORG2_UNIT}`, key1)).body.data).toEqual([]);
    expect((await api(`/v1/bookings?client_id=${org2Client}`, key1)).body.data).toEqual([]);
  });

  it('never writes into another organisation: its unit or guest is 404 and nothing changes', async () => {
    const count = async () =>
      (
        await stack.db.query<{ n: number }>(
          `select count(*)::int as n from public.bookings where organization_id = $1`,
          [ORG2],
        )
      ).rows[0]!.n;
    const before = await count();
    const stay = { check_in: day(300), check_out: day(302) };
    const foreignUnit = await api('/v1/bookings', key1, {
      body: { unit_id: ORG2_UNIT, client_id: org1Client, ...stay },
    });
    expect(foreignUnit.status).toBe(404);
    expect(foreignUnit.body.error?.code).toBe('unit_not_found');
    const foreignGuest = await api('/v1/bookings', key1, {
      body: { unit_id: unitId(1), client_id: org2Client, ...stay },
    });
    expect(foreignGuest.status).toBe(404);
    expect(foreignGuest.body.error?.code).toBe('client_not_found');
    expect(await count()).toBe(before);
  });
});

describe('bookings', () => {
  it('refuses taken dates with 409 and the SPEC sentence, and changes nothing', async () => {
    const { rows } = await stack.db.query<{ unit_id: string; check_in: string; check_out: string }>(
      `select unit_id, check_in::text, check_out::text from public.bookings
        where organization_id = $1 and status <> 'cancelled' and check_in > current_date order by check_in limit 1`,
      [ORG1],
    );
    const taken = rows[0]!;
    const availability = await api(
      `/v1/units/${taken.unit_id}/availability?from=${taken.check_in}&to=${taken.check_out}`,
      key1,
    );
    expect(availability.status).toBe(200);
    expect(availability.body).toMatchObject({ available: false, unit_id: taken.unit_id });
    expect(availability.body.taken).toContainEqual(expect.objectContaining({ check_in: taken.check_in }));

    const answer = await api('/v1/bookings', key1, {
      body: { unit_id: taken.unit_id, client_id: org1Client, check_in: taken.check_in, check_out: taken.check_out },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({
      code: 'booking_overlap',
      message: 'This unit is already booked for the selected dates',
    });
  });

  it('creates a booking on free dates through the database rules: priced, numbered, seen by the app', async () => {
    const unit = unitId(2);
    const from = day(400);
    const to = day(403);
    const free = await api(`/v1/units/${unit}/availability?from=${from}&to=${to}`, key1);
    expect(free.body).toMatchObject({ available: true, taken: [] });

    const created = await api('/v1/bookings', key1, {
      body: { unit_id: unit, client_id: org1Client, check_in: from, check_out: to, guests_count: 2, source: 'other' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { rows } = await stack.db.query<{ price_per_night: string; cleaning_fee: string }>(
      `select price_per_night, cleaning_fee from public.units where id = $1`,
      [unit],
    );
    const expected = 3 * Number(rows[0]!.price_per_night) + Number(rows[0]!.cleaning_fee);
    expect(created.body).toMatchObject({
      unit_id: unit,
      client_id: org1Client,
      nights: 3,
      status: 'confirmed',
      source: 'other',
      total_amount: expected,
      currency: 'SAR',
    });
    expect(created.body.reference).toMatch(/\S/);
    expect(created.headers.get('location')).toBe(`${stack.apiUrl}/functions/v1/api/v1/bookings/${created.body.id}`);

    // The app sees it; the availability now says taken; the audit log names the key.
    const seen = await owner1
      .from('bookings')
      .select('id, organization_id')
      .eq('id', created.body.id as string)
      .single();
    expect(seen.data?.organization_id).toBe(ORG1);
    expect((await api(`/v1/units/${unit}/availability?from=${from}&to=${to}`, key1)).body.available).toBe(false);
    const audit = await stack.db.query<{ reason: string }>(
      `select reason from public.audit_log where table_name = 'bookings' and record_id = $1 and action = 'insert'`,
      [created.body.id],
    );
    expect(audit.rows[0]?.reason).toBe(`Public API, key ${key1.slice(0, 12)}…`);

    const again = await api('/v1/bookings', key1, {
      body: { unit_id: unit, client_id: org1Client, check_in: day(401), check_out: day(405) },
    });
    expect(again.status).toBe(409);
  });

  it("applies the unit's rules: more guests than it takes, an inactive unit", async () => {
    const { rows } = await stack.db.query<{ max_guests: number }>(`select max_guests from public.units where id = $1`, [
      unitId(3),
    ]);
    const crowd = await api('/v1/bookings', key1, {
      body: {
        unit_id: unitId(3),
        client_id: org1Client,
        check_in: day(500),
        check_out: day(501),
        guests_count: rows[0]!.max_guests + 1,
      },
    });
    expect(crowd.status).toBe(422);
    expect(crowd.body.error?.code).toBe('guests_count_invalid');

    await svc.from('units').update({ is_active: false }).eq('id', unitId(4)).throwOnError();
    const inactive = await api('/v1/bookings', key1, {
      body: { unit_id: unitId(4), client_id: org1Client, check_in: day(500), check_out: day(501) },
    });
    expect(inactive.status).toBe(422);
    expect(inactive.body.error?.code).toBe('unit_inactive');
    await svc.from('units').update({ is_active: true }).eq('id', unitId(4)).throwOnError();
  });

  it('filters by status, unit and dates, and pages by check-in', async () => {
    const unit = unitId(1);
    const list = await all(
      `/v1/bookings?unit_id=${unit}&status=confirmed,checked_in&from=${day(-30)}&to=${day(30)}&limit=2`,
      key1,
    );
    const { rows } = await stack.db.query<{ id: string }>(
      `select id from public.bookings where unit_id = $1 and status in ('confirmed', 'checked_in')
          and check_out > $2 and check_in < $3 order by check_in, id`,
      [unit, day(-30), day(30)],
    );
    expect(list.map((b) => b.id)).toEqual(rows.map((r) => r.id));
  });
});

describe('guests', () => {
  it('creates a guest; identity numbers are needed but never sent back', async () => {
    const created = await api('/v1/clients', key1, {
      body: { name: 'Noura Al-Qahtani', phone: '+966551234567', email: 'Noura@Example.com', national_id: '1023456789' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Noura Al-Qahtani',
      email: 'noura@example.com',
      preferred_language: 'ar',
    });
    expect(created.body).not.toHaveProperty('national_id');
    const found = await api(`/v1/clients?email=noura@example.com`, key1);
    expect((found.body.data as unknown[]).length).toBe(1);
    expect((await api(`/v1/clients?email=noura@example.com`, key2)).body.data).toEqual([]);
    const { rows } = await stack.db.query<{ organization_id: string }>(
      `select organization_id from public.clients where id = $1`,
      [created.body.id],
    );
    expect(rows[0]!.organization_id).toBe(ORG1);

    const noIdentity = await api('/v1/clients', key1, { body: { name: 'No papers', phone: '+966551234568' } });
    expect(noIdentity.status).toBe(422);
    expect(noIdentity.body.error?.details).toContainEqual({
      field: 'national_id',
      message: 'Either National ID or Passport is required',
    });
  });
});

describe('authentication', () => {
  it('401 without a key, with a malformed, unknown or Supabase key, and with a JWT', async () => {
    const missing = await api('/v1/units', null);
    expect(missing.status).toBe(401);
    expect(missing.body.error?.code).toBe('missing_api_key');
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const unknown = `nzl_${'0'.repeat(64)}`;
    const jwt = await stack.userToken({ sub: '10000000-0000-4000-8000-000000000001' });
    for (const key of [unknown, 'nzl_short', key1.toUpperCase(), stack.serviceRoleKey, stack.anonKey, jwt]) {
      const answer = await api('/v1/units', key);
      expect(answer.status, key).toBe(401);
      expect(answer.body.error?.code).toBe('invalid_api_key');
    }
  });

  it('a revoked key is refused at once and can never be restored', async () => {
    const key = await makeKey(owner1, 'To be revoked');
    expect((await api('/v1/units?limit=1', key)).status).toBe(200);
    const { data: row } = await owner1.from('api_keys').select('id').eq('prefix', key.slice(0, 12)).single();
    await owner1.from('api_keys').update({ revoked_at: new Date().toISOString() }).eq('id', row!.id).throwOnError();
    const refused = await api('/v1/units?limit=1', key);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe('invalid_api_key');
    const restore = await owner1.from('api_keys').update({ revoked_at: null }).eq('id', row!.id);
    expect(restore.error?.hint).toBe('api_key_revoked');
    expect((await api('/v1/units?limit=1', key)).status).toBe(401);
  });

  it("a suspended organisation's keys are refused with 403 organization_suspended until it is reactivated", async () => {
    const suspend = (at: string | null, reason: string | null) =>
      svc.from('organizations').update({ suspended_at: at, suspended_reason: reason }).eq('id', ORG2).throwOnError();
    await suspend(new Date().toISOString(), 'Unpaid subscription');
    try {
      for (const path of ['/v1/units?limit=1', `/v1/bookings/${org2Booking}`]) {
        const refused = await api(path, key2);
        expect(refused.status, path).toBe(403);
        expect(refused.body.error?.code, path).toBe('organization_suspended');
      }
      // The other organisation's key is untouched.
      expect((await api('/v1/units?limit=1', key1)).status).toBe(200);
    } finally {
      await suspend(null, null);
    }
    expect((await api('/v1/units?limit=1', key2)).status).toBe(200);
  });

  it('stamps last_used_at, at most once a minute', async () => {
    const key = await makeKey(owner1, 'Usage');
    const usedAt = async () =>
      (
        await stack.db.query<{ at: Date | null }>(`select last_used_at as at from public.api_keys where prefix = $1`, [
          key.slice(0, 12),
        ])
      ).rows[0]!.at;
    expect(await usedAt()).toBeNull();
    await api('/v1/units?limit=1', key);
    const first = await usedAt();
    expect(first).not.toBeNull();
    await api('/v1/units?limit=1', key);
    expect(await usedAt()).toEqual(first);
  });
});
