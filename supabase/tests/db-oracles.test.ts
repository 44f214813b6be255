/**
 * Error oracles across organisations. Before a row-level security check refuses a write, BEFORE
 * triggers run; some of them looked at the parent row first and answered with its facts: an
 * invoice's balance and status, a unit's capacity, whether it is active, booked or has a lock, a
 * role's kind, the other organisation's plan. Now tenancy is checked first: a row that points at
 * another organisation's unit / invoice / booking / client / role is answered exactly like one
 * that points at nothing (404, same code, key and message), and a row claiming another
 * organisation is refused like RLS refuses it (42501), before anything is read.
 *
 * The outsider here is the owner of organisation 2 (an administrator with every permission in
 * their own organisation), and the anonymous visitor for the functions visitors may call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, ORG2, anon, day, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let visitor: Db;
let svc: Db;

/** Org 1's facts an outsider must not learn. */
let openInvoice: { id: string; balance_due: number };
let paidInvoice: { id: string };
let org1Booking: { id: string; client_id: string; check_in: string; check_out: string; unit_id: string };
let org1Client: string;
let org2Client: string;
let org1AdminRole: string;
let lockedUnit: string;
let unlockedUnit: string;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  visitor = anon(stack);
  svc = service(stack);

  const invoices = await svc
    .from('invoices')
    .select('id, status, balance_due')
    .eq('organization_id', ORG1)
    .throwOnError();
  openInvoice = invoices.data.find((i) => i.status === 'pending' && i.balance_due > 0)!;
  paidInvoice = invoices.data.find((i) => i.status === 'paid')!;
  const booking = await svc
    .from('bookings')
    .select('id, client_id, check_in, check_out, unit_id')
    .eq('organization_id', ORG1)
    .eq('status', 'confirmed')
    .limit(1)
    .single()
    .throwOnError();
  org1Booking = booking.data;
  org1Client = booking.data.client_id;
  org2Client = (await svc.from('clients').select('id').eq('organization_id', ORG2).limit(1).single().throwOnError())
    .data.id;
  org1AdminRole = (
    await svc.from('roles').select('id').eq('organization_id', ORG1).eq('key', 'admin').single().throwOnError()
  ).data.id;
  const units = await svc
    .from('units')
    .select('id, smart_lock_id')
    .eq('organization_id', ORG1)
    .order('id')
    .throwOnError();
  lockedUnit = units.data.find((u) => u.smart_lock_id)!.id;
  unlockedUnit = units.data.find((u) => !u.smart_lock_id)!.id;
  expect([openInvoice, paidInvoice, lockedUnit, unlockedUnit].every(Boolean)).toBe(true);
});
afterAll(() => stack?.stop());

interface Answer {
  status: number;
  error: { code?: string; message?: string; hint?: string | null; details?: string | null } | null;
}
/** What an answer tells the caller: status, SQLSTATE, key, message and details. */
const told = (a: Answer) => ({
  status: a.status,
  code: a.error?.code,
  hint: a.error?.hint ?? null,
  message: a.error?.message,
  details: a.error?.details ?? null,
});

/** The answer for a row that exists elsewhere equals the answer for a row that does not exist. */
function expectSameAsMissing(foreign: Answer, missing: Answer, hint: string) {
  expect(told(foreign)).toEqual(told(missing));
  expect(told(foreign)).toMatchObject({ status: 404, code: 'PT404', hint });
}

describe('payments: an invoice of another organisation is "not found"', () => {
  it('no balance, no status: the payment trigger answers like for a missing invoice', async () => {
    const pay = (invoice_id: string) =>
      owner2.from('payments').insert({ invoice_id, amount: 999_999, method: 'cash' }).select();
    const foreign = await pay(openInvoice.id);
    expect(foreign.error?.message).not.toContain(String(openInvoice.balance_due));
    expectSameAsMissing(foreign, await pay(randomUUID()), 'invoice_not_found');
    // Paid (closed) and draft invoices answer the same way.
    expectSameAsMissing(await pay(paidInvoice.id), await pay(randomUUID()), 'invoice_not_found');
  });

  it('record_payment() (runs as the caller) answers the same', async () => {
    const rpc = (invoice_id: string) => owner2.rpc('record_payment', { invoice_id, amount: 999_999, method: 'cash' });
    expectSameAsMissing(await rpc(openInvoice.id), await rpc(randomUUID()), 'invoice_not_found');
  });

  it('a payment claiming the other organisation is refused before its invoice is read', async () => {
    const claimed = await owner2
      .from('payments')
      .insert({ invoice_id: openInvoice.id, organization_id: ORG1, amount: 999_999, method: 'cash' })
      .select();
    expect(claimed.error?.code).toBe('42501');
    expect(claimed.error?.message).not.toContain(String(openInvoice.balance_due));
  });
});

describe('invoice lines and invoices', () => {
  it("a line for another organisation's (paid) invoice: not found, not 'closed'", async () => {
    const line = (invoice_id: string) =>
      owner2.from('invoice_items').insert({ invoice_id, description: 'x', quantity: 1, rate: 1 }).select();
    expectSameAsMissing(await line(paidInvoice.id), await line(randomUUID()), 'invoice_not_found');
  });

  it("an invoice for another organisation's booking: not found (its guest's id is not echoed back)", async () => {
    const invoice = (booking_id: string) =>
      owner2
        .from('invoices')
        .insert({ booking_id, status: 'draft', due_date: day(30) })
        .select();
    const foreign = await invoice(org1Booking.id);
    expect(JSON.stringify(foreign.error)).not.toContain(org1Client);
    expectSameAsMissing(foreign, await invoice(randomUUID()), 'booking_not_found');
    expect((await owner2.rpc('invoice_from_booking', { booking_id: org1Booking.id })).error?.hint).toBe(
      'booking_not_found',
    );
  });

  it("an invoice for another organisation's guest: not found", async () => {
    const invoice = (client_id: string) =>
      owner2
        .from('invoices')
        .insert({ client_id, status: 'draft', due_date: day(30) })
        .select();
    expectSameAsMissing(await invoice(org1Client), await invoice(randomUUID()), 'client_not_found');
  });

  it("an invoice reusing another invoice's id learns nothing of that invoice's lines or payments", async () => {
    const reuse = (id: string) =>
      owner2
        .from('invoices')
        .insert({ id, client_id: org2Client, status: 'paid', due_date: day(30) })
        .select();
    const paid = await reuse(paidInvoice.id);
    const open = await reuse(openInvoice.id);
    expect(told(paid)).toEqual(told(open));
    expect(paid.error?.code).toBe('23505');
  });
});

describe('bookings: another organisation’s unit is "not found"', () => {
  const stay = (unit_id: string, extra: Record<string, unknown> = {}) => ({
    unit_id,
    client_id: org2Client,
    check_in: day(300),
    check_out: day(302),
    guests_count: 99,
    booking_reference: 'x',
    ...extra,
  });

  it('no capacity, no overlap, no "inactive": the same answer as for a unit that does not exist', async () => {
    const book = (unit: string, extra?: Record<string, unknown>) =>
      owner2
        .from('bookings')
        .insert(stay(unit, extra) as never)
        .select();
    const missing = await book(randomUUID());
    const capacity = await book(unitId(1));
    expect(capacity.error?.message).not.toMatch(/Guests count must be between/);
    expectSameAsMissing(capacity, missing, 'unit_not_found');
    // Over one of its bookings (guests within any capacity).
    const overlap = await book(org1Booking.unit_id, {
      check_in: org1Booking.check_in,
      check_out: org1Booking.check_out,
      guests_count: 1,
    });
    expectSameAsMissing(overlap, await book(randomUUID(), { guests_count: 1 }), 'unit_not_found');
    // An inactive unit.
    await svc.from('units').update({ is_active: false }).eq('id', unitId(3)).throwOnError();
    const inactive = await book(unitId(3), { guests_count: 1 });
    await svc.from('units').update({ is_active: true }).eq('id', unitId(3)).throwOnError();
    expectSameAsMissing(inactive, await book(randomUUID(), { guests_count: 1 }), 'unit_not_found');
  });

  it("moving one's own booking onto another organisation's unit: not found", async () => {
    const own = await owner2
      .from('bookings')
      .insert(stay(unitId(13), { guests_count: 1, check_in: day(310), check_out: day(311) }) as never)
      .select('id')
      .single()
      .throwOnError();
    const move = (unit_id: string) =>
      owner2.from('bookings').update({ unit_id, guests_count: 99 }).eq('id', own.data.id).select();
    expectSameAsMissing(await move(unitId(1)), await move(randomUUID()), 'unit_not_found');
  });

  it('a booking claiming the other organisation is refused like RLS refuses it, before the unit is read', async () => {
    const claimed = await owner2
      .from('bookings')
      .insert(stay(unitId(1), { organization_id: ORG1, client_id: org1Client }) as never)
      .select();
    expect(claimed.error?.code).toBe('42501');
    expect(claimed.error?.message).not.toMatch(/Guests count/);
  });

  it("a booking for another organisation's guest: not found", async () => {
    const book = (client_id: string) =>
      owner2
        .from('bookings')
        .insert(stay(unitId(13), { client_id, guests_count: 1, check_in: day(320), check_out: day(321) }) as never)
        .select();
    expectSameAsMissing(await book(org1Client), await book(randomUUID()), 'client_not_found');
  });
});

describe('units, photos and locks', () => {
  it('lock presence: a passcode for a unit of another organisation is "not found", lock or no lock', async () => {
    const passcode = (unit_id: string) =>
      owner2.from('lock_passcodes').insert({ unit_id, name: 'Guest', code: '123456', kind: 'permanent' }).select();
    const missing = await passcode(randomUUID());
    expectSameAsMissing(await passcode(unlockedUnit), missing, 'unit_not_found');
    expectSameAsMissing(await passcode(lockedUnit), missing, 'unit_not_found');
  });

  it('a photo for a unit of another organisation is "not found" (its photo count stays unknown)', async () => {
    const photo = (unit_id: string) =>
      owner2
        .from('unit_photos')
        .insert({ unit_id, storage_path: `${ORG2}/x.jpg` })
        .select();
    expectSameAsMissing(await photo(unitId(1)), await photo(randomUUID()), 'unit_not_found');
  });

  it("a unit claiming another organisation says nothing of that organisation's plan", async () => {
    // Organisation 2 is on the Basic plan (1 unit) and already has 2: its plan limit would speak.
    const claimed = await owner1
      .from('units')
      .insert({ organization_id: ORG2, name: 'Probe', type: 'apartment', price_per_night: 100 } as never)
      .select();
    const nowhere = await owner1
      .from('units')
      .insert({ organization_id: randomUUID(), name: 'Probe', type: 'apartment', price_per_night: 100 } as never)
      .select();
    expect(claimed.error?.code).toBe('42501');
    expect(claimed.error?.hint).not.toBe('plan_limit_units');
    expect(told(claimed)).toEqual(told(nowhere));
  });
});

describe('roles and invitations', () => {
  it("another organisation's role is 'not found' wherever it is named", async () => {
    const missing = randomUUID();
    const grant = (role_id: string) => owner2.from('role_permissions').insert({ role_id, permission: 'units.read' });
    expectSameAsMissing(await grant(org1AdminRole), await grant(missing), 'role_not_found');
    const assign = (role_id: string) =>
      owner2.from('user_roles').insert({ role_id, user_id: '10000000-0000-4000-8000-000000000002' });
    expectSameAsMissing(await assign(org1AdminRole), await assign(missing), 'role_not_found');
    const invite = (role_id: string) =>
      owner2.from('invitations').insert({ role_id, email: `probe-${randomUUID()}@test.nuzl.example` });
    expectSameAsMissing(await invite(org1AdminRole), await invite(missing), 'role_not_found');
  });

  it("an invitation claiming another organisation says nothing of its plan's user limit", async () => {
    const claimed = await owner2
      .from('invitations')
      .insert({ organization_id: ORG1, role_id: org1AdminRole, email: `probe-${randomUUID()}@test.nuzl.example` });
    expect(claimed.error?.code).toBe('42501');
    expect(claimed.error?.hint).not.toBe('plan_limit_users');
  });
});

describe('functions: a unit nobody may see is "not found", for visitors and other organisations alike', () => {
  it('check_unit_availability and unit_booked_ranges: inactive, private or missing units answer alike', async () => {
    await svc.from('units').update({ is_active: false }).eq('id', unitId(4)).throwOnError();
    try {
      for (const who of [visitor, owner2]) {
        const check = (unit_id: string) =>
          who.rpc('check_unit_availability', { unit_id, check_in: day(300), check_out: day(301) });
        expectSameAsMissing(await check(unitId(4)), await check(randomUUID()), 'unit_not_found');
        const ranges = (unit_id: string) =>
          who.rpc('unit_booked_ranges', { unit_id, from_date: day(0), to_date: day(30) });
        expectSameAsMissing(await ranges(unitId(4)), await ranges(randomUUID()), 'unit_not_found');
      }
    } finally {
      await svc.from('units').update({ is_active: true }).eq('id', unitId(4)).throwOnError();
    }
    // Active units of an enabled public site stay public.
    const open = await visitor.rpc('check_unit_availability', {
      unit_id: unitId(5),
      check_in: day(300),
      check_out: day(301),
    });
    expect(open.error).toBeNull();
  });

  it("booking_quote: another organisation's unit is not found (prices stay private)", async () => {
    const quote = (unit_id: string) =>
      owner2.rpc('booking_quote', { unit_id, check_in: day(300), check_out: day(301) });
    expectSameAsMissing(await quote(unitId(1)), await quote(randomUUID()), 'unit_not_found');
  });

  it("write-only secrets: another organisation's unit is not found", async () => {
    const creds = (unit_id: string) => owner2.rpc('set_unit_lock_credentials', { unit_id, account_password: 'x' });
    expectSameAsMissing(await creds(unitId(1)), await creds(randomUUID()), 'unit_not_found');
  });

  it('own organisation: the same calls still work', async () => {
    const quote = await owner1.rpc('booking_quote', { unit_id: unitId(5), check_in: day(300), check_out: day(301) });
    expect(quote.error).toBeNull();
    const ranges = await owner1.rpc('unit_booked_ranges', { unit_id: unitId(5), from_date: day(0), to_date: day(9) });
    expect(ranges.error).toBeNull();
  });
});
