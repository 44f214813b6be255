/**
 * Business rules the database enforces (issue 4), exercised through supabase-js as signed-in
 * demo users: bookings (overlap, dates, guests, total, reference), invoices (lines, VAT,
 * rounding, numbering, status), payments (partial, balance, overpayment), plan limits,
 * photos, clients, audit log, admins, the check-out cleaning task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, ORG2, day, newUser, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let member1: Db;
let owner2: Db;
let svc: Db;
let clientId: string;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  member1 = await signInDemo(stack, 'member1');
  owner2 = await signInDemo(stack, 'owner2');
  svc = service(stack);
  const { data } = await owner1
    .from('clients')
    .insert({ name: 'Rule Tester', phone: '+966511111111', national_id: '1000000001' })
    .select()
    .single();
  clientId = data!.id;
});
afterAll(() => stack?.stop());

async function book(db: Db, unit: number, from: number, to: number, extra: Record<string, unknown> = {}) {
  return db
    .from('bookings')
    .insert({
      unit_id: unitId(unit),
      client_id: clientId,
      check_in: day(from),
      check_out: day(to),
      guests_count: 1,
      booking_reference: 'ignored',
      ...extra,
    })
    .select()
    .single();
}

describe('bookings', () => {
  it('computes total = nights × price per night + cleaning fee, ignoring what the client sends', async () => {
    const { data, error } = await book(owner1, 3, 400, 403, { total_amount: 1, price_per_night: 1 });
    expect(error).toBeNull();
    // Unit 3: 380.00 per night, cleaning fee 80.00.
    expect(data!.nights).toBe(3);
    expect(data!.total_amount).toBe(3 * 380 + 80);
    expect(data!.booking_reference).toMatch(/^BK-[A-HJ-NP-Z2-9]{6}$/);
    expect(data!.organization_id).toBe(ORG1);
  });

  it('refuses an overlapping booking with the SPEC message, code 23P01 and hint booking_overlap', async () => {
    const { error } = await book(owner1, 3, 402, 405);
    expect(error?.code).toBe('23P01');
    expect(error?.message).toBe('This unit is already booked for the selected dates');
    expect(error?.hint).toBe('booking_overlap');
  });

  it('allows back-to-back stays (check-out day = next check-in day)', async () => {
    const { error } = await book(owner1, 3, 403, 405);
    expect(error).toBeNull();
  });

  it('cancelled bookings do not block the dates, and cannot be revived over another stay', async () => {
    const first = await book(owner1, 3, 410, 412);
    await owner1.from('bookings').update({ status: 'cancelled' }).eq('id', first.data!.id);
    const second = await book(owner1, 3, 410, 412);
    expect(second.error).toBeNull();
    const revive = await owner1.from('bookings').update({ status: 'confirmed' }).eq('id', first.data!.id).select();
    expect(revive.error?.code).toBe('23P01');
  });

  it('moving a booking onto another stay is refused; recomputes the total when dates change', async () => {
    const a = await book(owner1, 3, 420, 422);
    const moved = await owner1
      .from('bookings')
      .update({ check_out: day(424) })
      .eq('id', a.data!.id)
      .select()
      .single();
    expect(moved.data!.total_amount).toBe(4 * 380 + 80);
    const onto = await owner1
      .from('bookings')
      .update({ check_in: day(409), check_out: day(411) })
      .eq('id', a.data!.id);
    expect(onto.error?.code).toBe('23P01');
  });

  it('requires check_out after check_in', async () => {
    const same = await book(owner1, 3, 430, 430);
    expect(same.error?.hint).toBe('booking_dates_invalid');
    const before = await book(owner1, 3, 431, 430);
    expect(before.error).not.toBeNull();
  });

  it('requires 1 ≤ guests ≤ the unit maximum', async () => {
    const zero = await book(owner1, 3, 440, 441, { guests_count: 0 });
    expect(zero.error?.hint).toBe('guests_count_invalid');
    const many = await book(owner1, 3, 440, 441, { guests_count: 3 }); // unit 3 takes 2
    expect(many.error?.hint).toBe('guests_count_invalid');
    const ok = await book(owner1, 3, 440, 441, { guests_count: 2 });
    expect(ok.error).toBeNull();
  });

  it('cannot book another organisation’s unit or client', async () => {
    const foreignUnit = await book(owner1, 13, 450, 451);
    expect(foreignUnit.error).not.toBeNull();
    const { data: c2 } = await svc.from('clients').select('id').eq('organization_id', ORG2).limit(1).single();
    const foreignClient = await owner1.from('bookings').insert({
      unit_id: unitId(3),
      client_id: c2!.id,
      check_in: day(452),
      check_out: day(453),
      booking_reference: 'x',
    });
    expect(foreignClient.error).not.toBeNull();
  });

  it('check_unit_availability agrees with the constraint', async () => {
    const busy = await owner1.rpc('check_unit_availability', {
      unit_id: unitId(3),
      check_in: day(401),
      check_out: day(402),
    });
    expect(busy.data).toBe(false);
    const free = await owner1.rpc('check_unit_availability', {
      unit_id: unitId(3),
      check_in: day(500),
      check_out: day(505),
    });
    expect(free.data).toBe(true);
    // Another organisation's unit is visible only while it is on an enabled public site.
    const publicUnit = await owner1.rpc('check_unit_availability', {
      unit_id: unitId(14),
      check_in: day(500),
      check_out: day(505),
    });
    expect(publicUnit.data).toBe(true);
    await svc.from('public_sites').update({ enabled: false }).eq('organization_id', ORG2);
    const hidden = await owner1.rpc('check_unit_availability', {
      unit_id: unitId(14),
      check_in: day(500),
      check_out: day(505),
    });
    await svc.from('public_sites').update({ enabled: true }).eq('organization_id', ORG2);
    // Not visible any more: answered as "not found" (404), like a unit that does not exist.
    expect(hidden.error?.hint).toBe('unit_not_found');
    expect(hidden.status).toBe(404);
  });
});

describe('invoices and payments', () => {
  async function invoiceWith(lines: Array<{ quantity: number; rate: number }>) {
    const inv = await owner1
      .from('invoices')
      .insert({ client_id: clientId, status: 'draft', due_date: day(30) })
      .select()
      .single();
    expect(inv.error).toBeNull();
    const items = await owner1
      .from('invoice_items')
      .insert(lines.map((l, i) => ({ invoice_id: inv.data!.id, description: `Line ${i}`, ...l })));
    expect(items.error).toBeNull();
    const issued = await owner1.from('invoices').update({ status: 'pending' }).eq('id', inv.data!.id).select().single();
    return issued.data!;
  }

  it('derives line amounts, subtotal, 15 % VAT and total, rounded to halalas', async () => {
    const inv = await invoiceWith([
      { quantity: 1.5, rate: 33.33 },
      { quantity: 3, rate: 1111.11 },
    ]);
    // 1.5 × 33.33 = 49.995 → 50.00; 3 × 1111.11 = 3333.33; subtotal 3383.33; VAT 507.4995 → 507.50
    expect(inv.subtotal).toBe(3383.33);
    expect(inv.vat_rate).toBe(0.15);
    expect(inv.vat_amount).toBe(507.5);
    expect(inv.total_amount).toBe(3890.83);
    expect(inv.balance_due).toBe(3890.83);
    expect(inv.status).toBe('pending');
    const { data: items } = await owner1
      .from('invoice_items')
      .select('amount')
      .eq('invoice_id', inv.id)
      .order('position');
    expect(items!.map((i) => i.amount).sort()).toEqual([50, 3333.33].sort());
  });

  it('ignores forged totals and statuses', async () => {
    const inv = await invoiceWith([{ quantity: 1, rate: 100 }]);
    const forged = await owner1
      .from('invoices')
      .update({ total_amount: 1, paid_amount: 115, subtotal: 1 })
      .eq('id', inv.id)
      .select()
      .single();
    expect(forged.data!.total_amount).toBe(115);
    expect(forged.data!.paid_amount).toBe(0);
    const paid = await owner1.from('invoices').update({ status: 'paid' }).eq('id', inv.id);
    expect(paid.error?.hint).toBe('invoice_unpaid');
  });

  // Issue 11: numbers are given at issue (a draft has none), from one gap-free sequence per
  // organisation (was: at creation, so a deleted draft left a hole).
  it('numbers invoices sequentially per organisation at issue, without holes, never reusing a number', async () => {
    const a = await invoiceWith([{ quantity: 1, rate: 1 }]);
    const draft = await owner1.from('invoices').insert({ status: 'draft' }).select().single();
    expect(draft.data!.invoice_number).toBeNull();
    expect(draft.data!.sequence_number).toBeNull();
    await owner1.from('invoices').delete().eq('id', draft.data!.id);
    const c = await invoiceWith([{ quantity: 1, rate: 1 }]);
    expect(c.sequence_number).toBe(a.sequence_number! + 1);
    expect(c.invoice_number).toBe(`INV-${String(c.sequence_number).padStart(6, '0')}`);
    // Org 2 has its own sequence.
    const other = await owner2.from('invoices').insert({ status: 'draft' }).select('id').single();
    await owner2.from('invoice_items').insert({ invoice_id: other.data!.id, description: 'x', quantity: 1, rate: 1 });
    const issuedOther = await owner2.rpc('issue_invoice', { invoice_id: other.data!.id });
    expect(issuedOther.data!.sequence_number).toBeLessThan(a.sequence_number!);
  });

  it('issued invoices cannot be deleted or returned to draft', async () => {
    const inv = await invoiceWith([{ quantity: 1, rate: 10 }]);
    const del = await owner1.from('invoices').delete().eq('id', inv.id);
    expect(del.error?.hint).toBe('invoice_issued');
    const back = await owner1.from('invoices').update({ status: 'draft' }).eq('id', inv.id);
    expect(back.error?.hint).toBe('invoice_issued');
  });

  it('partial payments keep the invoice pending with a balance; the last one makes it paid', async () => {
    const inv = await invoiceWith([{ quantity: 2, rate: 500 }]); // total 1150.00
    const p1 = await owner1.rpc('record_payment', {
      invoice_id: inv.id,
      amount: 400,
      method: 'mada',
      reference_number: 'R1',
    });
    expect(p1.error).toBeNull();
    expect(p1.data!.is_partial).toBe(true);
    expect(p1.data!.remaining_balance).toBe(750);
    let { data: now } = await owner1.from('invoices').select().eq('id', inv.id).single();
    expect(now!.status).toBe('pending');
    expect(now!.paid_amount).toBe(400);
    expect(now!.balance_due).toBe(750);

    const over = await owner1.rpc('record_payment', { invoice_id: inv.id, amount: 750.01, method: 'cash' });
    expect(over.error?.hint).toBe('payment_exceeds_balance');

    const p2 = await owner1.rpc('record_payment', { invoice_id: inv.id, amount: 750, method: 'bank_transfer' });
    expect(p2.data!.is_partial).toBe(false);
    ({ data: now } = await owner1.from('invoices').select().eq('id', inv.id).single());
    expect(now!.status).toBe('paid');
    expect(now!.balance_due).toBe(0);
    expect(now!.paid_at).not.toBeNull();

    // Removing a payment reopens the invoice (issue 11: through delete_payment, with a reason).
    await owner1.rpc('delete_payment', { payment_id: p2.data!.id, reason: 'Entered twice' }).throwOnError();
    ({ data: now } = await owner1.from('invoices').select().eq('id', inv.id).single());
    expect(now!.status).toBe('pending');
    expect(now!.balance_due).toBe(750);
  });

  // Issue 11: refunded comes from refund_invoice (a refund row and its credit note); the status
  // is never set by hand (was: an update to 'refunded' on a paid invoice).
  it('mark_invoice_paid records the balance; refunds only of what was paid', async () => {
    const inv = await invoiceWith([{ quantity: 1, rate: 200 }]);
    const early = await owner1.rpc('refund_invoice', { invoice_id: inv.id, amount: 1, reason: 'x', method: 'cash' });
    expect(early.error?.hint).toBe('refund_exceeds_paid');
    const paid = await owner1.rpc('mark_invoice_paid', { invoice_id: inv.id, method: 'apple_pay' });
    expect(paid.data!.status).toBe('paid');
    expect(paid.data!.paid_amount).toBe(230);
    const byHand = await owner1.from('invoices').update({ status: 'refunded' }).eq('id', inv.id);
    expect(byHand.error?.hint).toBe('invoice_refund_needs_credit_note');
    const refunded = await owner1.rpc('refund_invoice', {
      invoice_id: inv.id,
      amount: 230,
      reason: 'x',
      method: 'cash',
    });
    expect(refunded.data!.status).toBe('refunded');
  });

  // Issue 11: an issued invoice's lines never change, so the late invoice is written whole and
  // dated by the service role (browsers cannot back-date an issue, nor set a due date before it).
  it('an unpaid invoice past its due date is overdue', async () => {
    const inv = await svc
      .from('invoices')
      .insert({ organization_id: ORG1, status: 'draft', due_date: day(-3) })
      .select()
      .single();
    await svc.from('invoice_items').insert({ invoice_id: inv.data!.id, description: 'Late', quantity: 1, rate: 50 });
    await svc
      .from('invoices')
      .update({ status: 'pending', issued_at: new Date(Date.now() - 5 * 86400_000).toISOString() })
      .eq('id', inv.data!.id);
    const { data } = await owner1.from('invoices').select('status').eq('id', inv.data!.id).single();
    expect(data!.status).toBe('overdue');
    // Seeded data has overdue invoices, and the dashboard sweep keeps them so.
    const { count } = await owner1.from('invoices').select('*', { count: 'exact', head: true }).eq('status', 'overdue');
    expect(count).toBeGreaterThan(0);
  });

  it('invoice_from_booking bills nights × rate plus the cleaning fee', async () => {
    const b = await book(owner1, 1, 600, 602); // unit 1: 650/night, cleaning 150
    const none = await owner1.rpc('invoice_from_booking', { booking_id: null as unknown as string });
    expect(none.error?.message).toBe('Please select a booking to create an invoice');
    const { data: inv, error } = await owner1.rpc('invoice_from_booking', { booking_id: b.data!.id });
    expect(error).toBeNull();
    expect(inv!.subtotal).toBe(2 * 650 + 150);
    expect(inv!.total_amount).toBe(1667.5); // 1450 + 15 % VAT
    expect(inv!.client_id).toBe(clientId);
    expect(inv!.seller_vat_number).toBe('310123456700003');
    expect(inv!.zatca_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(inv!.status).toBe('pending');
    // Each line in English as always, and in Arabic for the simplified tax invoice (session 2).
    const ref = b.data!.booking_reference;
    const { data: lines } = await owner1
      .from('invoice_items')
      .select('description, description_ar, quantity, rate')
      .eq('invoice_id', inv!.id)
      .order('position')
      .throwOnError();
    expect(lines).toEqual([
      {
        description: `Olaya Skyline Apartment — 2 night(s), ${day(600)} to ${day(602)} (${ref})`,
        description_ar: `شقة العليا سكاي لاين — ليلتان، من ${day(600)} إلى ${day(602)} (${ref})`,
        quantity: 2,
        rate: 650,
      },
      { description: 'Cleaning fee', description_ar: 'رسوم التنظيف', quantity: 1, rate: 150 },
    ]);
  });

  it('Arabic invoice lines: number agreement, a person’s edit wins, and the backfill of older invoices', async () => {
    const { rows } = await stack.db.query<{ n: number; text: string }>(
      `select n, private.arabic_nights(n) as text from unnest(array[1, 2, 3, 10, 11, 100, 103]) n order by n`,
    );
    expect(rows.map((r) => r.text)).toEqual([
      'ليلة واحدة',
      'ليلتان',
      '3 ليالٍ',
      '10 ليالٍ',
      '11 ليلة',
      '100 ليلة',
      '103 ليالٍ',
    ]);

    // Unit 3 has no stays this far out; 3 nights. A draft: issued lines never change (issue 11).
    const b = await book(owner1, 3, 620, 623);
    const { data: inv } = await owner1
      .rpc('invoice_from_booking', { booking_id: b.data!.id, issue: false })
      .throwOnError();
    const lines = async () =>
      (
        await owner1
          .from('invoice_items')
          .select('id, description, description_ar')
          .eq('invoice_id', inv.id)
          .order('position')
          .throwOnError()
      ).data;
    const [stayLine, feeLine] = await lines();
    expect(stayLine!.description_ar).toBe(
      `استوديو الحي الدبلوماسي — 3 ليالٍ، من ${day(620)} إلى ${day(623)} (${b.data!.booking_reference})`,
    );
    // Saving the Arabic text back into the English column (as shown) is no edit; new words are.
    await owner1
      .from('invoice_items')
      .update({ description: feeLine!.description_ar! })
      .eq('id', feeLine!.id)
      .throwOnError();
    expect((await lines())[1]).toMatchObject({ description: 'Cleaning fee', description_ar: 'رسوم التنظيف' });
    await owner1
      .from('invoice_items')
      .update({ description: 'Cleaning and linen' })
      .eq('id', feeLine!.id)
      .throwOnError();
    expect((await lines())[1]).toMatchObject({ description: 'Cleaning and linen', description_ar: null });
    await owner1
      .from('invoice_items')
      .update({ description_ar: 'التنظيف والمفارش' })
      .eq('id', feeLine!.id)
      .throwOnError();
    expect((await lines())[1]).toMatchObject({ description: 'Cleaning and linen', description_ar: 'التنظيف والمفارش' });

    // An invoice made before the migration (English lines only), paid since: the backfill fills
    // its Arabic without touching its numbers.
    const old = await book(owner1, 3, 630, 631);
    const { data: oldInv } = await owner1.rpc('invoice_from_booking', { booking_id: old.data!.id }).throwOnError();
    await stack.db.query('update public.invoice_items set description_ar = null where invoice_id = $1', [oldInv.id]);
    const paid = (await owner1.rpc('mark_invoice_paid', { invoice_id: oldInv.id, method: 'cash' }).throwOnError()).data;
    await stack.db.query('select private.backfill_bilingual_generated_text()');
    const { data: filled } = await owner1
      .from('invoice_items')
      .select('description_ar')
      .eq('invoice_id', oldInv.id)
      .order('position')
      .throwOnError();
    expect(filled.map((l) => l.description_ar)).toEqual([
      `استوديو الحي الدبلوماسي — ليلة واحدة، من ${day(630)} إلى ${day(631)} (${old.data!.booking_reference})`,
      'رسوم التنظيف',
    ]);
    const { data: after } = await owner1
      .from('invoices')
      .select('status, total_amount, paid_amount, updated_at')
      .eq('id', oldInv.id)
      .single()
      .throwOnError();
    expect(after).toEqual({
      status: 'paid',
      total_amount: paid.total_amount,
      paid_amount: paid.paid_amount,
      updated_at: paid.updated_at,
    });
    // Lines of a paid invoice stay closed to people, in Arabic too.
    const closed = await owner1.from('invoice_items').update({ description_ar: 'x' }).eq('invoice_id', oldInv.id);
    expect(closed.error?.hint).toBe('invoice_closed');
  });

  it('a member without invoices.write cannot create invoices or payments', async () => {
    const inv = await member1.from('invoices').insert({ status: 'draft' });
    expect(inv.error?.code).toBe('42501');
    const { data: someInvoice } = await svc
      .from('invoices')
      .select('id')
      .eq('organization_id', ORG1)
      .eq('status', 'pending')
      .limit(1)
      .single();
    const pay = await member1.rpc('record_payment', { invoice_id: someInvoice!.id, amount: 1, method: 'cash' });
    expect(pay.error?.code).toBe('42501');
  });
});

describe('plan limits, photos, clients', () => {
  it('advanced plan: a third unit is refused with a clear message', async () => {
    const { error } = await owner2.from('units').insert({ name: 'Third', price_per_night: 100 });
    expect(error?.hint).toBe('plan_limit_units');
    expect(error?.message).toMatch(/up to 2 unit/);
  });

  it('basic plan: 1 unit and 1 user', async () => {
    const u = await newUser(stack, 'Basic Owner');
    const org = await u.client.rpc('create_organization', { name: 'Basic Co', slug: `basic-${u.id.slice(0, 6)}` });
    expect(org.error).toBeNull();
    expect(org.data!.subscription_plan).toBe('basic');
    expect((await u.client.from('units').insert({ name: 'One', price_per_night: 100 })).error).toBeNull();
    const second = await u.client.from('units').insert({ name: 'Two', price_per_night: 100 });
    expect(second.error?.hint).toBe('plan_limit_units');
    const { data: role } = await u.client.from('roles').select('id').eq('key', 'member').single();
    const invite = await u.client.from('invitations').insert({ email: 'second@test.nuzl.example', role_id: role!.id });
    expect(invite.error?.hint).toBe('plan_limit_users');
  });

  it('the plan cannot be changed from the browser', async () => {
    const { error } = await owner2.from('organizations').update({ subscription_plan: 'enterprise' }).eq('id', ORG2);
    expect(error?.hint).toBe('plan_change_forbidden');
  });

  it('at most 4 photos per unit, always exactly one main photo', async () => {
    const { data: unit } = await owner1
      .from('units')
      .insert({ name: 'Photo Lab', price_per_night: 100 })
      .select()
      .single();
    const add = (n: number, isMain = false) =>
      owner1
        .from('unit_photos')
        .insert({ unit_id: unit!.id, storage_path: `${ORG1}/${unit!.id}/${n}.jpg`, position: n, is_main: isMain })
        .select()
        .single();
    const first = await add(0);
    expect(first.data!.is_main).toBe(true);
    await add(1);
    const third = await add(2, true);
    await add(3);
    const fifth = await add(3);
    expect(fifth.error?.message).toBe('You can upload up to 4 photos');
    const mains = async () =>
      (await owner1.from('unit_photos').select('id').eq('unit_id', unit!.id).eq('is_main', true)).data!;
    expect((await mains()).map((p) => p.id)).toEqual([third.data!.id]);
    await owner1.from('unit_photos').update({ is_main: true }).eq('id', first.data!.id);
    expect((await mains()).map((p) => p.id)).toEqual([first.data!.id]);
    await owner1.from('unit_photos').delete().eq('id', first.data!.id);
    expect(await mains()).toHaveLength(1);
    await owner1.from('unit_photos').update({ is_main: false }).eq('unit_id', unit!.id);
    expect(await mains()).toHaveLength(1);
  });

  it('a client needs a national id or a passport number', async () => {
    const none = await owner1.from('clients').insert({ name: 'No Id', phone: '+966522222222', national_id: '  ' });
    expect(none.error?.message).toBe('Either National ID or Passport is required');
    const passport = await owner1
      .from('clients')
      .insert({ name: 'Visitor', phone: '+966522222223', passport_number: 'P1234567' });
    expect(passport.error).toBeNull();
  });
});

describe('permissions, admins and audit', () => {
  it('money changes are audited with who, before and after', async () => {
    const inv = await owner1.from('invoices').insert({ status: 'draft', notes: 'audit me' }).select().single();
    const { data } = await owner1.from('audit_log').select().eq('table_name', 'invoices').eq('record_id', inv.data!.id);
    expect(data!.length).toBeGreaterThan(0);
    expect(data![0]!.actor_id).toBe(DEMO.owner1.id);
    expect(data![0]!.action).toBe('insert');
    expect((data![0]!.after as { notes: string }).notes).toBe('audit me');
    // Members cannot read the audit log, and nobody can write it.
    expect((await member1.from('audit_log').select('id')).data).toEqual([]);
    expect((await owner1.from('audit_log').delete().eq('id', data![0]!.id)).error?.code).toBe('42501');
  });

  it('the last admin cannot be removed or demoted; the owner stays admin', async () => {
    const { data: adminRole } = await owner1.from('roles').select('id').eq('key', 'admin').single();
    const revoke = await owner1.from('user_roles').delete().eq('user_id', DEMO.owner1.id).eq('role_id', adminRole!.id);
    expect(revoke.error?.hint).toBe('last_admin');
    const deactivate = await owner1.from('profiles').update({ status: 'inactive' }).eq('user_id', DEMO.owner1.id);
    expect(deactivate.error?.hint).toBe('last_admin');
    // With a second admin, the owner still keeps the admin role.
    const promote = await owner1
      .from('user_roles')
      .insert({ organization_id: ORG1, user_id: DEMO.member1.id, role_id: adminRole!.id });
    expect(promote.error).toBeNull();
    const again = await owner1.from('user_roles').delete().eq('user_id', DEMO.owner1.id).eq('role_id', adminRole!.id);
    expect(again.error?.hint).toBe('owner_admin');
    // The member-turned-admin can be demoted now that another admin exists.
    const demote = await owner1.from('user_roles').delete().eq('user_id', DEMO.member1.id).eq('role_id', adminRole!.id);
    expect(demote.error).toBeNull();
    const { data: log } = await owner1
      .from('audit_log')
      .select('action, actor_id')
      .eq('table_name', 'user_roles')
      .eq('actor_id', DEMO.owner1.id);
    expect(log!.map((l) => l.action)).toEqual(expect.arrayContaining(['insert', 'delete']));
  });

  it('members cannot grant themselves roles or change settings', async () => {
    const { data: adminRole } = await member1.from('roles').select('id').eq('key', 'admin').single();
    const grab = await member1
      .from('user_roles')
      .insert({ organization_id: ORG1, user_id: DEMO.member1.id, role_id: adminRole!.id });
    expect(grab.error?.code).toBe('42501');
    const rename = await member1.from('organizations').update({ name: 'Hacked' }).eq('id', ORG1).select();
    expect(rename.data).toEqual([]);
    const perms = await member1.rpc('my_permissions');
    expect(perms.data).toContain('bookings.write');
    expect(perms.data).not.toContain('invoices.read');
  });

  it('a deactivated user loses access to the organisation until reactivated', async () => {
    const before = await member1.from('bookings').select('*', { count: 'exact', head: true });
    expect(before.count).toBeGreaterThan(0);
    const off = await owner1
      .from('profiles')
      .update({ status: 'inactive' })
      .eq('user_id', DEMO.member1.id)
      .select()
      .single();
    expect(off.data!.status).toBe('inactive');
    expect((await member1.from('bookings').select('*', { count: 'exact', head: true })).count).toBe(0);
    expect(
      (await member1.from('clients').insert({ name: 'Ghost', phone: '+966500000123', national_id: '1234567890' })).error
        ?.code,
    ).toBe('42501');
    const selfRevive = await member1.from('profiles').update({ status: 'active' }).eq('user_id', DEMO.member1.id);
    expect(selfRevive.error?.hint).toBe('users_manage_required');
    await owner1.from('profiles').update({ status: 'active' }).eq('user_id', DEMO.member1.id);
    expect((await member1.from('bookings').select('*', { count: 'exact', head: true })).count).toBe(before.count);
  });

  it('custom roles grant exactly their permissions', async () => {
    const role = await owner1.from('roles').insert({ name: 'Night Desk' }).select().single();
    expect(role.error).toBeNull();
    await owner1
      .from('role_permissions')
      .insert({ role_id: role.data!.id, organization_id: ORG1, permission: 'invoices.read' });
    await owner1.from('user_roles').insert({ organization_id: ORG1, user_id: DEMO.member1.id, role_id: role.data!.id });
    const { count } = await member1.from('invoices').select('*', { count: 'exact', head: true });
    expect(count).toBeGreaterThan(0);
    await owner1.from('user_roles').delete().eq('role_id', role.data!.id);
    const after = await member1.from('invoices').select('*', { count: 'exact', head: true });
    expect(after.count).toBe(0);
    const builtIn = await owner1
      .from('role_permissions')
      .delete()
      .eq('permission', 'bookings.read')
      .eq('organization_id', ORG1);
    expect(builtIn.error?.hint).toBe('system_role_immutable');
  });
});

describe('check-out cleaning task', () => {
  it('checking out creates a cleaning task due before the next check-in, high priority for a same-day arrival', async () => {
    // Unit 8 (AlUla studio): a stay ending today (Riyadh), the next guest arriving today.
    const today = new Date(Date.now() + 3 * 3600_000);
    const ending = await svc
      .from('bookings')
      .select('id')
      .eq('unit_id', unitId(8))
      .gte('check_out', day(0, today))
      .order('check_in')
      .limit(50);
    expect(ending.error).toBeNull();
    const { data: unit } = await owner1
      .from('units')
      .insert({ name: 'Turnover Flat', price_per_night: 300, check_in_time: '15:00' })
      .select()
      .single();
    const b1 = await owner1
      .from('bookings')
      .insert({
        unit_id: unit!.id,
        client_id: clientId,
        check_in: day(-2, today),
        check_out: day(0, today),
        status: 'checked_in',
        booking_reference: 'x',
      })
      .select()
      .single();
    await owner1.from('bookings').insert({
      unit_id: unit!.id,
      client_id: clientId,
      check_in: day(0, today),
      check_out: day(2, today),
      booking_reference: 'x',
    });
    await member1.from('bookings').update({ status: 'checked_out' }).eq('id', b1.data!.id);
    const { data: tasks } = await owner1.from('tasks').select().eq('booking_id', b1.data!.id);
    expect(tasks).toHaveLength(1);
    expect(tasks![0]!.type).toBe('cleaning');
    expect(tasks![0]!.priority).toBe('high');
    expect(tasks![0]!.vendor_id).toBeTruthy();
    // Due at the next check-in: today 15:00 Riyadh = 12:00 UTC.
    expect(new Date(tasks![0]!.due_at!).toISOString()).toBe(`${day(0, today)}T12:00:00.000Z`);
    // Idempotent.
    await owner1.from('bookings').update({ status: 'checked_in' }).eq('id', b1.data!.id);
    await owner1.from('bookings').update({ status: 'checked_out' }).eq('id', b1.data!.id);
    expect((await owner1.from('tasks').select('id').eq('booking_id', b1.data!.id)).data).toHaveLength(1);
  });
});
