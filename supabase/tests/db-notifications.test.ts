/**
 * Staff notifications (issue 14): each event — a new booking or public request, a task assigned or
 * completed, an invoice overdue, a review received, today's arrivals — reaches exactly the members
 * the organisation's rules name (by role, and the task's assignee / creator), in the app
 * (public.notifications) and by e-mail (public.notification_deliveries, sent by the notify edge
 * function to the stack's e-mail sandbox, i.e. the local outbox).
 *
 * Through supabase-js as the owners of both organisations, the team member, a manager and a
 * custom-role member made for the test, and the service role.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFrom } from './helpers/fetch-from';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, ORG2, day, newStaff, service, signInDemo, typed, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let member1: Db;
let svc: Db;
let manager: { id: string; client: Db; email: string };

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  svc = service(stack);
  manager = await newStaff(stack, { org: ORG1, roleKey: 'manager', name: 'Mona Manager' });
});
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

/** Every notification row about `key` (service role): who got it. */
async function recipientsOf(dedupeKey: string) {
  const { data } = await svc
    .from('notifications')
    .select('user_id, organization_id, event, params, link')
    .eq('dedupe_key', dedupeKey)
    .throwOnError();
  return data;
}

async function deliveriesOf(dedupeKey: string) {
  const { data } = await svc
    .from('notification_deliveries')
    .select('user_id, to_address, channel, attempts, sent_at, failed_at, provider_message_id, last_error')
    .eq('dedupe_key', dedupeKey)
    .throwOnError();
  return data;
}

const ids = (rows: { user_id: string }[]) => rows.map((r) => r.user_id).sort();

async function rule(org: string, event: string, channel: string) {
  const { data } = await svc
    .from('notification_rules')
    .select('*')
    .eq('organization_id', org)
    .eq('event', event as never)
    .eq('channel', channel as never)
    .single()
    .throwOnError();
  return data;
}

async function setRule(
  event: string,
  channel: string,
  patch: { enabled?: boolean; role_ids?: string[]; notify_assignee?: boolean; notify_creator?: boolean },
) {
  await owner1
    .from('notification_rules')
    .update(patch)
    .eq('event', event as never)
    .eq('channel', channel as never)
    .throwOnError();
}

async function newTask(by: Db, assignee: string | null, title = 'Fix the AC in the living room') {
  const { data } = await by
    .from('tasks')
    .insert({ title, type: 'repair', unit_id: unitId(2), assignee_id: assignee })
    .select('id')
    .single()
    .throwOnError();
  await stack.jobs.net.settle();
  return data.id;
}

let bookingDay = 600;
async function newBooking(by: Db, checkIn = day(bookingDay)) {
  bookingDay += 3;
  const { data: client } = await svc
    .from('clients')
    .insert({
      organization_id: ORG1,
      name: 'Layla Haddad',
      phone: `+9665${String(94_000_000 + bookingDay)}`,
      national_id: '1012345678',
    })
    .select('id')
    .single()
    .throwOnError();
  const checkOut = new Date(Date.parse(`${checkIn}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  const { data } = await by
    .from('bookings')
    .insert({
      organization_id: ORG1,
      unit_id: unitId(5),
      client_id: client.id,
      check_in: checkIn,
      check_out: checkOut,
      booking_reference: 'set by bookings_before_write',
    })
    .select('id, booking_reference')
    .single()
    .throwOnError();
  await stack.jobs.net.settle();
  return data;
}

describe('notification settings', () => {
  it('every organisation has every event × channel with the defaults; members read them', async () => {
    const { data } = await member1.from('notification_rules').select('event, channel, enabled').throwOnError();
    // 9 events (channel_conflict: issue 15; financial_alert: issue 17) × 2 channels.
    expect(data).toHaveLength(18);
    const assigned = await rule(ORG1, 'task_assigned', 'in_app');
    expect(assigned).toMatchObject({ enabled: true, notify_assignee: true, role_ids: [] });
    expect((await rule(ORG1, 'task_completed', 'email')).enabled).toBe(false);
    const { data: roles } = await svc
      .from('roles')
      .select('id, key')
      .eq('organization_id', ORG1)
      .not('key', 'is', null);
    const byKey = Object.fromEntries(roles!.map((r) => [r.key, r.id]));
    expect((await rule(ORG1, 'booking_created', 'in_app')).role_ids.sort()).toEqual(
      [byKey.admin, byKey.manager].sort(),
    );
    const other = await owner2.from('notification_rules').select('organization_id').throwOnError();
    expect(new Set(other.data!.map((r) => r.organization_id))).toEqual(new Set([ORG2]));
  });

  it('only settings.manage edits them; roles of another organisation are refused', async () => {
    const denied = await member1
      .from('notification_rules')
      .update({ enabled: false })
      .eq('event', 'review_received')
      .select('event');
    expect(denied.data ?? []).toHaveLength(0);
    expect((await rule(ORG1, 'review_received', 'in_app')).enabled).toBe(true);

    const { data: foreign } = await svc.from('roles').select('id').eq('organization_id', ORG2).limit(1).single();
    const refused = await owner1
      .from('notification_rules')
      .update({ role_ids: [foreign!.id] })
      .eq('event', 'review_received')
      .eq('channel', 'in_app');
    expect(refused.error?.code).toBe('22023');
    expect(refused.error?.hint).toBe('notification_role_unknown');
  });

  it('a new organisation gets the defaults with its own built-in roles', async () => {
    const { data: org } = await svc
      .from('organizations')
      .insert({ name: 'Fresh Stays', slug: `fresh-${Date.now()}` })
      .select('id')
      .single()
      .throwOnError();
    await stack.db.query(`select private.create_system_roles('${org.id}')`);
    const r = await rule(org.id, 'arrivals_today', 'email');
    expect(r.role_ids).toHaveLength(3);
  });
});

describe('a task assigned and completed', () => {
  it('the assignee is told in the app and by e-mail; the owner who assigned it is not', async () => {
    const task = await newTask(owner1, DEMO.member1.id);
    const key = `task_assigned:${task}:${DEMO.member1.id}`;
    const rows = await recipientsOf(key);
    expect(ids(rows)).toEqual([DEMO.member1.id]);
    expect(rows[0]).toMatchObject({
      organization_id: ORG1,
      event: 'task_assigned',
      link: `/dashboard/tasks?task=${task}`,
      params: expect.objectContaining({ title: 'Fix the AC in the living room' }),
    });
    const [mail] = await deliveriesOf(key);
    expect(mail).toMatchObject({ to_address: 'faisal@demo.nuzl.example', attempts: 1, last_error: null });
    expect(mail!.sent_at).not.toBeNull();
    const sent = stack.stack.outbox.list().filter((m) => m.to === 'faisal@demo.nuzl.example');
    const email = sent.find((m) => m.subject?.startsWith('New task for you: Fix the AC'));
    expect(email).toMatchObject({ channel: 'email', kind: 'notification_task_assigned' });
    expect(email!.body).toContain(`/dashboard/tasks?task=${task}`);

    // The member sees it, unread, and marks it read; the owner cannot see or mark it.
    const mine = await member1.from('notifications').select('id, read_at').eq('dedupe_key', key).single();
    expect(mine.data?.read_at).toBeNull();
    const peek = await owner1.from('notifications').select('id').eq('id', mine.data!.id);
    expect(peek.data).toEqual([]);
    const mark = await owner1
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', mine.data!.id)
      .select('id');
    expect(mark.data ?? []).toEqual([]);
    const attacker = await owner2.from('notifications').select('id').eq('id', mine.data!.id);
    expect(attacker.data).toEqual([]);
    expect(
      (await member1.from('notifications').select('read_at').eq('id', mine.data!.id).single()).data?.read_at,
    ).toBeNull();
    await member1
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', mine.data!.id)
      .throwOnError();
    expect(
      (await member1.from('notifications').select('read_at').eq('id', mine.data!.id).single()).data?.read_at,
    ).not.toBeNull();
    // Nothing but read_at is writable.
    const forged = await member1
      .from('notifications')
      .update({ link: '/evil' } as never)
      .eq('id', mine.data!.id);
    expect(forged.error).not.toBeNull();
  });

  it('reassigning tells the new assignee once; completing tells the creator and managers', async () => {
    const task = await newTask(owner1, manager.id, 'Restock the towels');
    await owner1.from('tasks').update({ assignee_id: DEMO.member1.id }).eq('id', task).throwOnError();
    await owner1.from('tasks').update({ assignee_id: DEMO.member1.id, priority: 'high' }).eq('id', task).throwOnError();
    expect(ids(await recipientsOf(`task_assigned:${task}:${manager.id}`))).toEqual([manager.id]);
    expect(ids(await recipientsOf(`task_assigned:${task}:${DEMO.member1.id}`))).toEqual([DEMO.member1.id]);

    await member1.from('tasks').update({ status: 'in_progress' }).eq('id', task).throwOnError();
    await member1.from('tasks').update({ status: 'completed' }).eq('id', task).throwOnError();
    expect(ids(await recipientsOf(`task_completed:${task}`))).toEqual([DEMO.owner1.id, manager.id].sort());
    // In the app only by default: no e-mail for a finished task.
    expect(await deliveriesOf(`task_completed:${task}`)).toEqual([]);
  });

  it('a member who muted the e-mail still sees it in the app', async () => {
    await member1.from('notification_mutes').insert({ event: 'task_assigned', channel: 'email' }).throwOnError();
    const task = await newTask(owner1, DEMO.member1.id, 'Check the water heater');
    expect(ids(await recipientsOf(`task_assigned:${task}:${DEMO.member1.id}`))).toEqual([DEMO.member1.id]);
    expect(await deliveriesOf(`task_assigned:${task}:${DEMO.member1.id}`)).toEqual([]);
    const foreignMute = await owner1
      .from('notification_mutes')
      .insert({ event: 'task_assigned', channel: 'in_app', user_id: DEMO.member1.id });
    expect(foreignMute.error).not.toBeNull();
    await member1.from('notification_mutes').delete().eq('event', 'task_assigned').throwOnError();
  });
});

describe('bookings, reviews and invoices', () => {
  it('a new booking reaches the admins and managers of its organisation, not the member or the actor', async () => {
    const booking = await newBooking(member1);
    const rows = await recipientsOf(`booking:${booking.id}`);
    expect(ids(rows)).toEqual([DEMO.owner1.id, manager.id].sort());
    expect(rows[0]).toMatchObject({ event: 'booking_created', link: `/dashboard/bookings?booking=${booking.id}` });
    expect(rows[0]!.params).toMatchObject({ reference: booking.booking_reference, guest: 'Layla Haddad' });
    expect(ids(await deliveriesOf(`booking:${booking.id}`))).toEqual([DEMO.owner1.id, manager.id].sort());
  });

  it('a public booking request reaches them as a request, by e-mail too', async () => {
    const visitor = typed(
      createClient(stack.apiUrl, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
        global: { fetch: fetchFrom('127.0.0.77') },
      }),
    );
    const { data, error } = await visitor.rpc('request_booking', {
      slug: 'demo',
      unit_id: unitId(3),
      check_in: day(330),
      check_out: day(332),
      guests_count: 2,
      guest_name: 'Omar Haddad',
      guest_phone: '+966593100001',
      national_id: '1012345678',
      preferred_language: 'en',
    });
    expect(error, JSON.stringify(error)).toBeNull();
    const reference = (data as unknown as { booking_reference: string }).booking_reference;
    const { data: booking } = await svc.from('bookings').select('id').eq('booking_reference', reference).single();
    await stack.jobs.net.settle();
    const rows = await recipientsOf(`booking:${booking!.id}`);
    expect(ids(rows)).toEqual([DEMO.owner1.id, manager.id].sort());
    expect(rows[0]!.event).toBe('booking_requested');
    const mails = await deliveriesOf(`booking:${booking!.id}`);
    expect(mails.every((m) => m.sent_at !== null && m.provider_message_id !== null)).toBe(true);
    const owned = stack.stack.outbox
      .list()
      .find((m) => m.to === 'abdullah@demo.nuzl.example' && m.body.includes(reference));
    expect(owned?.kind).toBe('notification_booking_requested');
  });

  it('a rule switched off sends nothing on that channel; a custom role added receives it', async () => {
    const custom = await newStaff(stack, { org: ORG1, permissions: ['bookings.read'], name: 'Front Desk' });
    const before = await rule(ORG1, 'booking_created', 'in_app');
    await setRule('booking_created', 'in_app', { role_ids: [...before.role_ids, custom.roleId] });
    await setRule('booking_created', 'email', { enabled: false });
    const booking = await newBooking(owner1);
    expect(ids(await recipientsOf(`booking:${booking.id}`))).toEqual([manager.id, custom.id].sort());
    expect(await deliveriesOf(`booking:${booking.id}`)).toEqual([]);
    await setRule('booking_created', 'in_app', { enabled: false });
    const quiet = await newBooking(owner1);
    expect(await recipientsOf(`booking:${quiet.id}`)).toEqual([]);
    await setRule('booking_created', 'in_app', { enabled: true, role_ids: before.role_ids });
    await setRule('booking_created', 'email', { enabled: true });
  });

  it('an inactive member is told nothing and reads nothing', async () => {
    await svc.from('profiles').update({ status: 'inactive' }).eq('user_id', manager.id).throwOnError();
    const booking = await newBooking(owner1);
    expect(await recipientsOf(`booking:${booking.id}`)).toEqual([]);
    const read = await manager.client.from('notifications').select('id');
    expect(read.data ?? []).toEqual([]);
    await svc.from('profiles').update({ status: 'active' }).eq('user_id', manager.id).throwOnError();
    expect((await manager.client.from('notifications').select('id')).data!.length).toBeGreaterThan(0);
  });

  it('a guest review reaches the admins and managers', async () => {
    const { data: review } = await svc
      .from('reviews')
      .insert({ organization_id: ORG1, unit_id: unitId(1), guest_name: 'Sara', rating: 5 })
      .select('id')
      .single()
      .throwOnError();
    const rows = await recipientsOf(`review:${review.id}`);
    expect(ids(rows)).toEqual([DEMO.owner1.id, manager.id].sort());
    expect(rows[0]!.params).toMatchObject({ guest: 'Sara', rating: 5 });
  });

  it('an invoice becoming overdue is told once', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      `select id from public.invoices where organization_id = '${ORG1}' and status = 'pending' and invoice_number is not null limit 1`,
    );
    const invoice = rows[0]!.id;
    // Its due date passes; the daily sweep marks it overdue (twice: the second changes nothing).
    await stack.db.query(`update public.invoices set due_date = current_date - 3 where id = '${invoice}'`);
    await stack.db.query(`select public.refresh_overdue_invoices()`);
    await stack.db.query(`select public.refresh_overdue_invoices()`);
    expect(
      (await stack.db.query<{ status: string }>(`select status from public.invoices where id = '${invoice}'`)).rows[0]!
        .status,
    ).toBe('overdue');
    await stack.jobs.net.settle();
    const told = await recipientsOf(`invoice_overdue:${invoice}`);
    expect(ids(told)).toEqual([DEMO.owner1.id, manager.id].sort());
    expect(told[0]!.link).toBe(`/dashboard/payments/invoices/${invoice}`);
  });
});

describe('arrivals today', () => {
  it('after 07:00 local time, once per organisation and day, listing the stays', async () => {
    const { rows } = await stack.db.query<{ today: string; early: string; late: string }>(`
      select to_char((now() at time zone 'Asia/Riyadh')::date + 200, 'YYYY-MM-DD') as today,
             (((now() at time zone 'Asia/Riyadh')::date + 200) + time '06:30') at time zone 'Asia/Riyadh' as early,
             (((now() at time zone 'Asia/Riyadh')::date + 200) + time '07:05') at time zone 'Asia/Riyadh' as late`);
    const { today, early, late } = rows[0]!;
    const booking = await newBooking(owner1, today);
    const run = async (at: string) =>
      (await stack.db.query<{ told: number }>(`select private.notify_arrivals_today($1::timestamptz) as told`, [at]))
        .rows[0]!.told;
    expect(await run(early)).toBe(0);
    expect(await recipientsOf(`arrivals_today:${today}`)).toEqual([]);
    expect(await run(late)).toBeGreaterThanOrEqual(1);
    expect(await run(late)).toBe(0);
    await stack.jobs.net.settle();
    const told = (await recipientsOf(`arrivals_today:${today}`)).filter((r) => r.organization_id === ORG1);
    expect(ids(told)).toEqual([DEMO.owner1.id, DEMO.member1.id, manager.id].sort());
    expect(told[0]!.params).toMatchObject({ date: today, count: 1 });
    expect(JSON.stringify(told[0]!.params)).toContain(booking.booking_reference);
    const mails = await deliveriesOf(`arrivals_today:${today}`);
    expect(mails.filter((m) => m.to_address === 'faisal@demo.nuzl.example')).toHaveLength(1);
  });
});
