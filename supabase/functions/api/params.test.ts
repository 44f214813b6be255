import { assertEquals, assertThrows } from '../_shared/zatca/testing.ts';
import { ApiError } from './errors.ts';
import { createBookingSchema, createClientSchema, decodeCursor, encodeCursor, isDay, Query } from './params.ts';

const ID = '50000000-0000-4000-8000-000000000001';
const query = (text: string, allowed: string[]) => new Query(new URLSearchParams(text), allowed);

Deno.test('calendar days: only real ones, written YYYY-MM-DD', () => {
  assertEquals(isDay('2026-12-01'), true);
  assertEquals(isDay('2028-02-29'), true);
  for (const bad of ['2026-02-30', '2026-13-01', '26-12-01', '2026-12-01T00:00:00Z', ''])
    assertEquals(isDay(bad), false, bad);
});

Deno.test('query parameters: unknown, repeated and malformed ones are 400 naming the parameter', () => {
  const error = assertThrows(() => query('colour=red', ['limit']), ApiError);
  assertEquals([error.status, error.code, error.details?.[0]?.field], [400, 'invalid_parameter', 'colour']);
  assertThrows(() => query('limit=1&limit=2', ['limit']), ApiError, 'give it once');
  assertEquals(query('', ['limit']).limit(), 25);
  assertEquals(query('limit=100', ['limit']).limit(), 100);
  for (const bad of ['0', '101', '1.5', '-1', 'ten'])
    assertThrows(() => query(`limit=${bad}`, ['limit']).limit(), ApiError);
  assertEquals(query('status=confirmed,pending,confirmed', ['status']).statuses(), ['confirmed', 'pending']);
  assertThrows(() => query('status=maybe', ['status']).statuses(), ApiError, 'status');
  assertThrows(() => query('unit_id=42', ['unit_id']).uuid('unit_id'), ApiError, 'UUID');
  assertThrows(() => query('from=2026-12-05&to=2026-12-05', ['from', 'to']).range(false), ApiError, 'after from');
  assertThrows(() => query('from=2026-12-05', ['from', 'to']).range(true), ApiError, 'to: is required');
  assertEquals(query('active=false', ['active']).boolean('active'), false);
});

Deno.test('cursors round-trip, and belong to one list', () => {
  const cursor = encodeCursor('bookings', { k: '2026-12-01', id: ID });
  assertEquals(decodeCursor(cursor, 'bookings'), { k: '2026-12-01', id: ID });
  for (const [text, list] of [
    [cursor, 'units'],
    ['garbage', 'bookings'],
    [encodeCursor('units', { k: 'yesterday', id: ID }), 'units'],
    [encodeCursor('bookings', { k: '2026-12-01', id: 'x' }), 'bookings'],
  ] as const) {
    const error = assertThrows(() => decodeCursor(text, list), ApiError);
    assertEquals([error.status, error.code], [400, 'invalid_cursor']);
  }
});

Deno.test('a booking body: the app’s rules, every field named, unknown fields refused', () => {
  const ok = createBookingSchema.safeParse({
    unit_id: ID,
    client_id: ID,
    check_in: '2026-12-01',
    check_out: '2026-12-03',
  });
  assertEquals(ok.success, true);
  const bad = createBookingSchema.safeParse({
    unit_id: ID,
    client_id: ID,
    check_in: '2026-12-03',
    check_out: '2026-12-01',
  });
  assertEquals(
    bad.error?.issues.map((i) => [i.path.join('.'), i.message]),
    [['check_out', 'must be after check_in']],
  );
  const fields = createBookingSchema.safeParse({ unit_id: 'x', guests_count: 0, status: 'checked_in', extra: 1 });
  const paths = fields.error?.issues.map((i) => i.path.join('.') || i.code) ?? [];
  for (const path of ['unit_id', 'client_id', 'check_in', 'check_out', 'guests_count', 'status', 'unrecognized_keys']) {
    assertEquals(paths.includes(path), true, path);
  }
});

Deno.test('a guest body: E.164 phone, an identity number, e-mail lower-cased', () => {
  const ok = createClientSchema.safeParse({
    name: ' Sara ',
    phone: '+966501234567',
    email: 'Sara@X.SA',
    passport_number: 'P1',
  });
  assertEquals(ok.data, {
    name: 'Sara',
    phone: '+966501234567',
    email: 'sara@x.sa',
    nationality: null,
    national_id: null,
    passport_number: 'P1',
  });
  const bad = createClientSchema.safeParse({ name: 'Sara', phone: '0501234567', national_id: '1' });
  assertEquals(
    bad.error?.issues.map((i) => i.path.join('.')),
    ['phone'],
  );
  const none = createClientSchema.safeParse({ name: 'Sara', phone: '+966501234567' });
  assertEquals(
    none.error?.issues.map((i) => i.message),
    ['Either National ID or Passport is required'],
  );
});
