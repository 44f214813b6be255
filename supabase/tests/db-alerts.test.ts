/**
 * Financial alerts (issue 17): CRUD and its refusals, the history's RLS, every alert type firing
 * on a data set whose value is computed by hand, once per condition episode (evaluating twice
 * files one event and one notification), resolving when the condition clears and firing again on
 * a new episode, realtime alerts firing on the write itself, the default licence alert per unit,
 * acknowledging. Through supabase-js as an owner, a team member and a custom role (permissions
 * from their roles), the vendor and the other organisation's owner; fresh organisations hold the
 * hand-made data sets so the seed's figures do not blur them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, ORG2, newStaff, newUser, service, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let member1: Db;
let vendor1: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  vendor1 = await signInDemo(stack, 'vendor1');
  svc = service(stack);
});
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await stack.db.query<T>(text, params)).rows;
}

/** YYYY-MM-DD of `base` + n days. */
function plus(base: string, n: number): string {
  const d = new Date(`${base}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

interface Org {
  id: string;
  owner: Db;
  ownerId: string;
  today: string;
}

/** A new organisation (its owner creates it) with tax details, so its invoices can be issued, on the plan without a unit limit. */
async function freshOrg(name: string): Promise<Org> {
  const user = await newUser(stack, `${name} Owner`);
  const { data, error } = await user.client.rpc('create_organization', {
    name,
    slug: `al-${randomUUID().slice(0, 8)}`,
    email: user.email,
  });
  expect(error).toBeNull();
  const id = data!.id;
  await sql(
    `update public.organizations o
        set subscription_plan = 'enterprise',
            (legal_name_ar, vat_number, commercial_registration, address_street, address_building_number,
             address_district, address_city, address_postal_code) =
            (select d.legal_name_ar, d.vat_number, d.commercial_registration, d.address_street,
                    d.address_building_number, d.address_district, d.address_city, d.address_postal_code
               from public.organizations d where d.id = $2)
      where o.id = $1`,
    [id, ORG1],
  );
  const [{ today }] = await sql<{ today: string }>(`select private.org_today($1)::text as today`, [id]);
  return { id, owner: user.client, ownerId: user.id, today: today! };
}

/** An issued invoice: `quantity` × `rate` SAR + 15 % VAT, due on `due`. */
async function issuedInvoice(org: Org, due: string, quantity: number, rate: number): Promise<string> {
  const [{ id }] = await sql<{ id: string }>(
    `insert into public.invoices (organization_id, status, due_date, issue_date, buyer_name)
     values ($1, 'draft', $2::date, least($2::date, current_date), 'Alert Buyer') returning id`,
    [org.id, due],
  );
  await sql(
    `insert into public.invoice_items (invoice_id, description, quantity, rate, position) values ($1, 'Stay', $2, $3, 0)`,
    [id, quantity, rate],
  );
  await sql(`update public.invoices set issued_at = now(), status = 'pending' where id = $1`, [id!]);
  return id!;
}

async function newUnit(org: Org, name: string, price: number, active = true): Promise<string> {
  const [{ id }] = await sql<{ id: string }>(
    `insert into public.units (organization_id, name, name_ar, price_per_night, is_active)
     values ($1, $2, $2 || ' (ar)', $3, $4) returning id`,
    [org.id, name, price, active],
  );
  return id!;
}

let phone = 95_000_000;
async function newBooking(
  org: Org,
  unit: string,
  checkIn: string,
  checkOut: string,
  price: number,
  status = 'confirmed',
) {
  phone += 1;
  const [{ id: client }] = await sql<{ id: string }>(
    `insert into public.clients (organization_id, name, phone, national_id) values ($1, 'Alert Guest', $2, '1012345678') returning id`,
    [org.id, `+9665${phone}`],
  );
  await sql(
    `insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, price_per_night, status, booking_reference)
     values ($1, $2, $3, $4, $5, $6, $7::public.booking_status, 'set by bookings_before_write')`,
    [org.id, unit, client, checkIn, checkOut, price, status],
  );
}

type AlertInput = {
  name: string;
  type: string;
  threshold: number | null;
  frequency?: string;
  severity?: string;
  window_days?: number | null;
};

async function newAlert(db: Db, input: AlertInput): Promise<string> {
  const { data, error } = await db
    .from('alerts')
    .insert({ frequency: 'daily', severity: 'medium', ...input } as never)
    .select('id')
    .single();
  expect(error, JSON.stringify(error)).toBeNull();
  return (data as { id: string }).id;
}

async function eventsOf(alertId: string) {
  return sql<{
    id: string;
    subject_key: string;
    subject_type: string;
    subject_id: string | null;
    subject_label: string | null;
    value: string;
    threshold: string;
    resolved_at: string | null;
    acknowledged_at: string | null;
  }>(
    `select id, subject_key, subject_type, subject_id, subject_label, value::text, threshold::text, resolved_at, acknowledged_at
       from public.alert_events where alert_id = $1 order by fired_at, id`,
    [alertId],
  );
}

async function notificationsOf(eventId: string) {
  return sql<{ user_id: string; params: Record<string, unknown>; link: string }>(
    `select user_id, params, link from public.notifications where dedupe_key = 'financial_alert:' || $1`,
    [eventId],
  );
}

async function checkNow(db: Db): Promise<{ evaluated: number; fired: number }> {
  const { data, error } = await db.rpc('evaluate_my_alerts');
  expect(error, JSON.stringify(error)).toBeNull();
  return data as { evaluated: number; fired: number };
}

const refusal = (answer: { status: number; error: { code?: string; hint?: string | null } | null }) => ({
  status: answer.status,
  code: answer.error?.code,
  hint: answer.error?.hint,
});

describe('alerts: configuration', () => {
  it('every organisation has the default licence alert, and the financial_alert notification rules', async () => {
    const rows = await sql<{
      organization_id: string;
      name: string;
      name_ar: string;
      threshold: string;
      frequency: string;
    }>(
      `select organization_id, name, name_ar, threshold::text, frequency from public.alerts where type = 'licence_expiring'`,
    );
    for (const org of [ORG1, ORG2]) {
      expect(rows.find((r) => r.organization_id === org)).toMatchObject({
        name: 'Tourism licence expiring',
        name_ar: 'ترخيص السياحة يقترب من الانتهاء',
        threshold: '30.00',
        frequency: 'daily',
      });
    }
    const org = await freshOrg('Default Alert Co');
    const { data } = await org.owner.from('alerts').select('name, type, severity, threshold').throwOnError();
    expect(data).toEqual([
      { name: 'Tourism licence expiring', type: 'licence_expiring', severity: 'high', threshold: 30 },
    ]);
    const rules = await sql<{ channel: string; enabled: boolean; roles: string[] }>(
      `select r.channel, r.enabled, array(select ro.key from public.roles ro where ro.id = any (r.role_ids) order by ro.key) as roles
         from public.notification_rules r where r.organization_id = $1 and r.event = 'financial_alert' order by r.channel`,
      [org.id],
    );
    expect(rules).toEqual([
      { channel: 'in_app', enabled: true, roles: ['admin', 'manager'] },
      { channel: 'email', enabled: true, roles: ['admin', 'manager'] },
    ]);
  });

  it('the threshold is required and sensible per type: 400 with a stable key', async () => {
    const cases: Array<[AlertInput, string]> = [
      [{ name: 'No threshold', type: 'outstanding_balance', threshold: null }, 'alert_threshold_required'],
      [{ name: 'Negative', type: 'large_payment', threshold: -1 }, 'alert_threshold_invalid'],
      [{ name: 'Over 100 %', type: 'low_occupancy', threshold: 101, window_days: 30 }, 'alert_threshold_invalid'],
      [{ name: 'Drop over 100', type: 'revenue_drop', threshold: 150 }, 'alert_threshold_invalid'],
      [{ name: 'Zero days', type: 'licence_expiring', threshold: 0 }, 'alert_threshold_invalid'],
      [{ name: 'Half days', type: 'invoice_overdue_days', threshold: 2.5 }, 'alert_threshold_invalid'],
      [{ name: 'No window', type: 'low_occupancy', threshold: 40, window_days: null }, 'alert_window_invalid'],
      [{ name: 'Long window', type: 'low_occupancy', threshold: 40, window_days: 400 }, 'alert_window_invalid'],
    ];
    for (const [input, hint] of cases) {
      const answer = await owner1.from('alerts').insert({ frequency: 'daily', ...input } as never);
      expect(refusal(answer), input.name).toEqual({ status: 400, code: '22023', hint });
      expect(answer.error?.message).toBe('Please check your input and try again.');
    }
    // Valid limits pass; window_days belongs to low_occupancy only; the condition follows the type.
    const id = await newAlert(owner1, { name: 'Edge', type: 'low_occupancy', threshold: 100, window_days: 365 });
    const other = await newAlert(owner1, { name: 'Any', type: 'large_payment', threshold: 0, window_days: 30 });
    const { data } = await owner1
      .from('alerts')
      .select('id, window_days, condition')
      .in('id', [id, other])
      .throwOnError();
    expect(data!.find((a) => a.id === id)).toMatchObject({ window_days: 365, condition: 'less_than' });
    expect(data!.find((a) => a.id === other)).toMatchObject({ window_days: null, condition: 'greater_than' });
    // An update is checked too.
    const bad = await owner1.from('alerts').update({ threshold: -5 }).eq('id', other);
    expect(refusal(bad)).toEqual({ status: 400, code: '22023', hint: 'alert_threshold_invalid' });
    await owner1.from('alerts').delete().in('id', [id, other]).throwOnError();
  });

  it('CRUD needs automations.write; reading automations.read; the vendor and the other organisation see nothing', async () => {
    const readOnly = await newStaff(stack, { org: ORG1, permissions: ['automations.read'], name: 'Alert Reader' });
    // The team member role has no automations permission at all.
    expect((await member1.from('alerts').select('id').throwOnError()).data).toEqual([]);
    expect((await readOnly.client.from('alerts').select('id').throwOnError()).data!.length).toBeGreaterThan(0);
    for (const db of [member1, readOnly.client, vendor1, owner2]) {
      const inserted = await db
        .from('alerts')
        .insert({ organization_id: ORG1, name: 'Sneaky', type: 'large_payment', threshold: 1 } as never)
        .select('id');
      expect(inserted.error?.code).toBe('42501');
    }
    const id = await newAlert(owner1, { name: 'Big payments', type: 'large_payment', threshold: 5000 });
    for (const db of [member1, readOnly.client, vendor1, owner2]) {
      const changed = await db.from('alerts').update({ threshold: 1 }).eq('id', id).select('id');
      expect(changed.data ?? []).toEqual([]);
      const removed = await db.from('alerts').delete().eq('id', id).select('id');
      expect(removed.data ?? []).toEqual([]);
    }
    const { data: kept } = await svc.from('alerts').select('threshold').eq('id', id).single().throwOnError();
    expect(kept.threshold).toBe(5000);
    const { data: edited } = await owner1
      .from('alerts')
      .update({ threshold: 6000, name_ar: 'دفعات كبيرة' })
      .eq('id', id)
      .select('threshold, name_ar')
      .single()
      .throwOnError();
    expect(edited).toEqual({ threshold: 6000, name_ar: 'دفعات كبيرة' });
    await owner1.from('alerts').delete().eq('id', id).throwOnError();
    expect((await svc.from('alerts').select('id').eq('id', id)).data).toEqual([]);
  });
});

describe('alerts: history, acknowledge, Check now', () => {
  it('alert_events: RLS by automations.read, acknowledge by automations.write, 404 across organisations', async () => {
    const readOnly = await newStaff(stack, { org: ORG1, permissions: ['automations.read'], name: 'Alert Watcher' });
    const manager = await newStaff(stack, { org: ORG1, roleKey: 'manager', name: 'Alert Manager' });
    // Check now: refused without automations.write, and for the vendor (no organisation).
    expect(refusal(await member1.rpc('evaluate_my_alerts'))).toMatchObject({ status: 403, code: '42501' });
    expect(refusal(await readOnly.client.rpc('evaluate_my_alerts'))).toMatchObject({
      status: 403,
      hint: 'automations_write_required',
    });
    expect((await vendor1.rpc('evaluate_my_alerts')).error?.code).toBe('42501');
    await checkNow(owner1);
    const { data: events } = await readOnly.client.from('alert_events').select('id, organization_id').throwOnError();
    expect(events!.length).toBeGreaterThan(0);
    expect(new Set(events!.map((e) => e.organization_id))).toEqual(new Set([ORG1]));
    const eventId = events![0]!.id;
    for (const db of [member1, vendor1, owner2]) {
      expect((await db.from('alert_events').select('id').eq('id', eventId).throwOnError()).data).toEqual([]);
    }
    // Nobody writes the history directly, not even its owner.
    const forged = await owner1
      .from('alert_events')
      .update({ acknowledged_at: new Date().toISOString() } as never)
      .eq('id', eventId)
      .select('id');
    expect(forged.data ?? []).toEqual([]);
    expect((await owner1.from('alert_events').delete().eq('id', eventId).select('id')).data ?? []).toEqual([]);
    // Acknowledging: the reader may not, the other organisation gets 404, the manager may.
    expect(refusal(await readOnly.client.rpc('acknowledge_alert_event', { event_id: eventId }))).toEqual({
      status: 403,
      code: '42501',
      hint: 'automations_write_required',
    });
    expect(refusal(await owner2.rpc('acknowledge_alert_event', { event_id: eventId }))).toEqual({
      status: 404,
      code: 'PT404',
      hint: 'alert_event_not_found',
    });
    expect(refusal(await owner1.rpc('acknowledge_alert_event', { event_id: randomUUID() }))).toMatchObject({
      status: 404,
      hint: 'alert_event_not_found',
    });
    const acked = await manager.client.rpc('acknowledge_alert_event', { event_id: eventId });
    expect(acked.error).toBeNull();
    expect(acked.data).toMatchObject({ id: eventId, acknowledged_by: manager.id });
    // A second acknowledgement keeps the first.
    const again = await owner1.rpc('acknowledge_alert_event', { event_id: eventId });
    expect(again.data).toMatchObject({ acknowledged_by: manager.id, acknowledged_at: acked.data!.acknowledged_at });
  });
});

describe('alerts: each type fires on a hand-computed data set, once per episode', () => {
  let receivables: Org;
  let invoiceOverdue: string;
  let invoiceCurrent: string;

  beforeAll(async () => {
    receivables = await freshOrg('Receivables Co');
    // 2 × 500 + 15 % VAT = 1,150 SAR each: one due 10 days ago, one due in 5 days.
    invoiceOverdue = await issuedInvoice(receivables, plus(receivables.today, -10), 2, 500);
    invoiceCurrent = await issuedInvoice(receivables, plus(receivables.today, 5), 2, 500);
  });

  it('overdue_invoices, outstanding_balance, invoice_overdue_days: values, once per condition', async () => {
    const org = receivables;
    const overdue = await newAlert(org.owner, { name: 'Overdue > 1,000', type: 'overdue_invoices', threshold: 1000 });
    const overdueHigh = await newAlert(org.owner, {
      name: 'Overdue > 2,000',
      type: 'overdue_invoices',
      threshold: 2000,
    });
    const outstanding = await newAlert(org.owner, {
      name: 'Open > 2,000',
      type: 'outstanding_balance',
      threshold: 2000,
    });
    const days = await newAlert(org.owner, { name: 'Late > 7 days', type: 'invoice_overdue_days', threshold: 7 });
    const daysHigh = await newAlert(org.owner, { name: 'Late > 10 days', type: 'invoice_overdue_days', threshold: 10 });

    // Six active alerts (with the default licence one, no licensed unit): three fire.
    expect(await checkNow(org.owner)).toEqual({ evaluated: 6, fired: 3 });
    const [o] = await eventsOf(overdue);
    expect(o).toMatchObject({ subject_key: 'organization', value: '1150.00', threshold: '1000.00', resolved_at: null });
    expect(await eventsOf(overdueHigh)).toEqual([]);
    expect((await eventsOf(outstanding))[0]).toMatchObject({ value: '2300.00', threshold: '2000.00' });
    const [late] = await eventsOf(days);
    expect(late).toMatchObject({
      subject_type: 'invoice',
      subject_id: invoiceOverdue,
      value: '10.00',
      subject_label: 'INV-000001',
    });
    // "more than 10 days": 10 is not more.
    expect(await eventsOf(daysHigh)).toEqual([]);

    // The owner who pressed Check now is told too, once per event: in the app and by e-mail.
    const told = await notificationsOf(o!.id);
    expect(told).toEqual([
      {
        user_id: org.ownerId,
        link: '/dashboard/reports?tab=alerts',
        params: expect.objectContaining({
          alert: 'Overdue > 1,000',
          type: 'overdue_invoices',
          severity: 'medium',
          kind: 'amount',
          value: 1150,
          threshold: 1000,
          currency: 'SAR',
        }),
      },
    ]);
    const mails = await sql(
      `select 1 from public.notification_deliveries where dedupe_key = 'financial_alert:' || $1`,
      [o!.id],
    );
    expect(mails).toHaveLength(1);

    // Evaluating again while the conditions hold: nothing new, no second notification.
    expect((await checkNow(org.owner)).fired).toBe(0);
    expect(await eventsOf(overdue)).toHaveLength(1);
    expect(await notificationsOf(o!.id)).toHaveLength(1);
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from public.notifications where organization_id = $1 and event = 'financial_alert'`,
      [org.id],
    );
    expect(n).toBe(3);
    const { data: alert } = await org.owner
      .from('alerts')
      .select('last_triggered_at, last_evaluated_at')
      .eq('id', overdue)
      .single();
    expect(alert!.last_triggered_at).not.toBeNull();
    expect(Date.parse(alert!.last_evaluated_at!)).toBeGreaterThanOrEqual(Date.parse(alert!.last_triggered_at!));
  });

  it('realtime: a payment resolves the overdue episode and fires large_payment; a new overdue invoice fires again', async () => {
    const org = receivables;
    const overdue = await newAlert(org.owner, {
      name: 'Any overdue (realtime)',
      type: 'overdue_invoices',
      threshold: 0,
      frequency: 'realtime',
      severity: 'critical',
    });
    const large = await newAlert(org.owner, {
      name: 'Payment above 1,000',
      type: 'large_payment',
      threshold: 1000,
      frequency: 'realtime',
      severity: 'low',
    });
    await checkNow(org.owner);
    expect(await eventsOf(overdue)).toHaveLength(1);
    expect(await eventsOf(large)).toEqual([]);

    // The owner records the full payment of the overdue invoice: the write itself evaluates.
    const paid = await org.owner.rpc('record_payment', {
      invoice_id: invoiceOverdue,
      amount: 1150,
      method: 'cash',
    } as never);
    expect(paid.error, JSON.stringify(paid.error)).toBeNull();
    const [first] = await eventsOf(overdue);
    expect(first!.resolved_at).not.toBeNull();
    const [payment] = await eventsOf(large);
    expect(payment).toMatchObject({ subject_type: 'payment', value: '1150.00', subject_label: 'INV-000001' });
    expect(await notificationsOf(payment!.id)).toHaveLength(1);
    // A small payment does not fire.
    await org.owner.rpc('record_payment', { invoice_id: invoiceCurrent, amount: 100, method: 'cash' } as never);
    expect(await eventsOf(large)).toHaveLength(1);

    // A new episode: another invoice becomes overdue (issued with a past due date) → fires again.
    await issuedInvoice(org, plus(org.today, -3), 1, 100);
    const episodes = await eventsOf(overdue);
    expect(episodes).toHaveLength(2);
    expect(episodes[1]).toMatchObject({ resolved_at: null, value: '115.00' });
    expect(await notificationsOf(episodes[1]!.id)).toHaveLength(1);
  });

  it('failed_payment: a failed subscription payment since the alert exists', async () => {
    const org = receivables;
    const failed = await newAlert(org.owner, {
      name: 'Failed card payment',
      type: 'failed_payment',
      threshold: 50,
      frequency: 'realtime',
      severity: 'high',
    });
    const insertCheckout = (halalas: number) =>
      sql(
        `insert into public.subscription_checkouts (organization_id, plan, billing_cycle, previous_plan, previous_billing_cycle,
                                                    amount_halalas, status, failure_reason)
         values ($1, 'advanced', 'monthly', 'basic', 'monthly', $2, 'failed', 'card declined')`,
        [org.id, halalas],
      );
    await insertCheckout(4_000); // 40 SAR: under the threshold
    await insertCheckout(29_900); // 299 SAR
    const events = await eventsOf(failed);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      subject_type: 'subscription_checkout',
      value: '299.00',
      subject_label: 'advanced',
    });
  });

  describe('occupancy, revenue and licences', () => {
    let org: Org;
    let u1: string;
    let u2: string;
    let u3: string;

    beforeAll(async () => {
      org = await freshOrg('Occupancy Co');
      u1 = await newUnit(org, 'Unit One', 500);
      u2 = await newUnit(org, 'Unit Two', 300);
      u3 = await newUnit(org, 'Unit Three (inactive)', 400, false);
      const t = org.today;
      await newBooking(org, u1, plus(t, 2), plus(t, 5), 500); // 3 nights in the next 10 days
      await newBooking(org, u2, plus(t, 10), plus(t, 12), 300); // starts after the 10-day window
      await newBooking(org, u2, plus(t, 3), plus(t, 6), 300, 'cancelled'); // sells no night
      await newBooking(org, u1, plus(t, -50), plus(t, -46), 500); // 4 nights 31–60 days ago: 2,000
      await newBooking(org, u2, plus(t, -20), plus(t, -19), 300); // 1 night in the last 30 days: 300
    });

    it('low_occupancy: 3 nights sold of 2 active units × 10 days = 15 %', async () => {
      const low = await newAlert(org.owner, {
        name: 'Below 20 %',
        type: 'low_occupancy',
        threshold: 20,
        window_days: 10,
      });
      const lower = await newAlert(org.owner, {
        name: 'Below 15 %',
        type: 'low_occupancy',
        threshold: 15,
        window_days: 10,
      });
      await checkNow(org.owner);
      expect(await eventsOf(low)).toMatchObject([{ subject_key: 'organization', value: '15.00', threshold: '20.00' }]);
      expect(await eventsOf(lower)).toEqual([]);
      // Two more nights sold (Unit Two, days 0–1): 5 / 20 = 25 % → resolved; back below → fires again.
      await newBooking(org, u2, org.today, plus(org.today, 2), 300);
      await checkNow(org.owner);
      expect((await eventsOf(low))[0]!.resolved_at).not.toBeNull();
      await sql(
        `update public.bookings set status = 'cancelled', cancelled_at = now() where unit_id = $1 and check_in = $2`,
        [u2, org.today],
      );
      expect((await checkNow(org.owner)).fired).toBeGreaterThanOrEqual(1);
      const episodes = await eventsOf(low);
      expect(episodes).toHaveLength(2);
      expect(episodes[1]).toMatchObject({ value: '15.00', resolved_at: null });
    });

    it('revenue_drop: 300 SAR in the last 30 days against 2,000 before = 85 % drop', async () => {
      const drop = await newAlert(org.owner, { name: 'Drop > 50 %', type: 'revenue_drop', threshold: 50 });
      const big = await newAlert(org.owner, { name: 'Drop > 90 %', type: 'revenue_drop', threshold: 90 });
      await checkNow(org.owner);
      expect(await eventsOf(drop)).toMatchObject([{ value: '85.00', threshold: '50.00' }]);
      expect(await eventsOf(big)).toEqual([]);
    });

    it('licence_expiring (the default alert): per unit at 30 days, resolved on renewal, again on a new expiry', async () => {
      const { data: licenceAlert } = await org.owner
        .from('alerts')
        .select('id')
        .eq('type', 'licence_expiring')
        .single()
        .throwOnError();
      const setLicence = (unit: string, expires: string) =>
        sql(
          `update public.units set tourism_licence_number = 'TL-' || left($1::text, 8), tourism_licence_issued_on = $2::date - 365,
                  tourism_licence_expires_on = $2::date where id = $1`,
          [unit, expires],
        );
      await setLicence(u1, plus(org.today, 30)); // 30 days left: fires
      await setLicence(u2, plus(org.today, 31)); // 31: not yet
      await setLicence(u3, plus(org.today, 5)); // inactive unit: not watched
      await checkNow(org.owner);
      const events = await eventsOf(licenceAlert.id);
      expect(events).toMatchObject([
        { subject_type: 'unit', subject_id: u1, subject_label: 'Unit One', value: '30.00', threshold: '30.00' },
      ]);
      const [told] = await notificationsOf(events[0]!.id);
      expect(told!.params).toMatchObject({
        type: 'licence_expiring',
        kind: 'days',
        subject: 'Unit One',
        subject_ar: 'Unit One (ar)',
        severity: 'high',
      });
      // Renewed for a year: resolved. Later a new expiry date within 30 days: a new episode.
      await setLicence(u1, plus(org.today, 400));
      await checkNow(org.owner);
      expect((await eventsOf(licenceAlert.id))[0]!.resolved_at).not.toBeNull();
      await setLicence(u1, plus(org.today, 12));
      await checkNow(org.owner);
      const again = await eventsOf(licenceAlert.id);
      expect(again).toHaveLength(2);
      expect(again[1]).toMatchObject({ subject_id: u1, value: '12.00', resolved_at: null });
    });
  });

  it('revenue_below_target: 2 nights × 250 SAR booked this month = 500 against a 600 target', async () => {
    const org = await freshOrg('Target Co');
    const unit = await newUnit(org, 'Target Unit', 250);
    const monthStart = `${org.today.slice(0, 8)}01`;
    await newBooking(org, unit, monthStart, plus(monthStart, 2), 250);
    await newBooking(org, unit, plus(monthStart, 3), plus(monthStart, 5), 250, 'cancelled');
    const below = await newAlert(org.owner, { name: 'Target 600', type: 'revenue_below_target', threshold: 600 });
    const met = await newAlert(org.owner, { name: 'Target 400', type: 'revenue_below_target', threshold: 400 });
    await checkNow(org.owner);
    expect(await eventsOf(below)).toMatchObject([
      { subject_type: 'month', subject_key: `month:${org.today.slice(0, 7)}`, value: '500.00', threshold: '600.00' },
    ]);
    expect(await eventsOf(met)).toEqual([]);
    // One more night (750 ≥ 600): the month's episode resolves.
    await newBooking(org, unit, plus(monthStart, 5), plus(monthStart, 6), 250);
    await checkNow(org.owner);
    expect((await eventsOf(below))[0]!.resolved_at).not.toBeNull();
  });
});

describe('alerts: the schedule and bulk writes', () => {
  it('evaluate_due_alerts: a daily alert is evaluated once per local day, realtime ones every run', async () => {
    const org = await freshOrg('Schedule Co');
    await issuedInvoice(org, plus(org.today, -2), 1, 1000);
    const daily = await newAlert(org.owner, { name: 'Daily overdue', type: 'overdue_invoices', threshold: 0 });
    const [{ fired }] = await sql<{ fired: number }>(`select private.evaluate_due_alerts() as fired`);
    expect(fired).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(daily)).toHaveLength(1);
    const [{ at }] = await sql<{ at: string }>(
      `select last_evaluated_at::text as at from public.alerts where id = $1`,
      [daily],
    );
    await sql(`select private.evaluate_due_alerts()`);
    const [{ at: after }] = await sql<{ at: string }>(
      `select last_evaluated_at::text as at from public.alerts where id = $1`,
      [daily],
    );
    expect(after).toBe(at); // not due again today
    // The next local day it is due again.
    await sql(`select private.evaluate_due_alerts(now() + interval '1 day')`);
    const [{ at: nextDay }] = await sql<{ at: string }>(
      `select last_evaluated_at::text as at from public.alerts where id = $1`,
      [daily],
    );
    expect(nextDay).not.toBe(at);
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from cron.job where jobname = 'nuzl-alerts-evaluate'`,
    );
    expect(n).toBe(1);
  });

  it('a 200-row insert fires the realtime alert once and stays fast (one statement-level evaluation)', async () => {
    const org = await freshOrg('Bulk Co');
    await newAlert(org.owner, {
      name: 'Occupancy (realtime)',
      type: 'low_occupancy',
      threshold: 50,
      window_days: 30,
      frequency: 'realtime',
    });
    const started = performance.now();
    await sql(
      `insert into public.units (organization_id, name, price_per_night) select $1, 'Bulk ' || g, 300 from generate_series(1, 200) g`,
      [org.id],
    );
    const elapsed = performance.now() - started;
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from public.alert_events where organization_id = $1`,
      [org.id],
    );
    expect(n).toBe(1); // one evaluation: one episode (0 % occupancy), not one per row
    expect(elapsed).toBeLessThan(5_000);
  });
});
