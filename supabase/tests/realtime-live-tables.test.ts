/**
 * Live bookings and tasks (issue 16, migration 20261129545000): public.bookings and public.tasks
 * stream postgres_changes, and the select policies decide who receives each row — the
 * organisation's staff with bookings.read / tasks.read, the vendor a task is assigned to (and
 * none of its organisation's other tasks or bookings), never the staff of another organisation,
 * whatever filter they ask for. supabase-js's own Realtime client, as the app subscribes.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, ORG2, SPARKLE_VENDOR, newStaff, service, typed, type Db } from './fixtures/db-accounts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;
type Who = 'owner2' | 'member1' | 'vendor1' | 'bookingsOnly';

let stack: TestStack;
let svc: Db;
const users = {} as Record<Who, SupabaseClient>;
const channels: RealtimeChannel[] = [];

async function signIn(who: 'owner2' | 'member1' | 'vendor1') {
  const auth = stack.client('anon').auth;
  await auth.signInWithOtp({ phone: DEMO[who].phone });
  const { data, error } = await auth.verifyOtp({ phone: DEMO[who].phone, token: '123456', type: 'sms' });
  if (error || !data.session) throw new Error(`sign in ${who}: ${error?.message}`);
  return withToken(data.session.access_token);
}

function withToken(token: string) {
  const client = typed(stack.client({ accessToken: token }));
  void client.realtime.setAuth(token);
  return client;
}

/** Subscribes like useTableChanges; resolves once Realtime reports the table subscribed. */
async function watch(client: SupabaseClient, table: 'bookings' | 'tasks', organizationId?: string) {
  const events: Change[] = [];
  const channel = client.channel(`live:${table}:${randomUUID()}`);
  channels.push(channel);
  await new Promise<void>((resolve, reject) => {
    channel
      .on(
        'postgres_changes',
        {
          event: '*',
          schema: 'public',
          table,
          ...(organizationId ? { filter: `organization_id=eq.${organizationId}` } : {}),
        },
        (payload) => events.push(payload as Change),
      )
      .on('system', {}, (payload: { extension?: string; status?: string; message?: string }) => {
        if (payload.extension !== 'postgres_changes') return;
        if (payload.status === 'ok') resolve();
        else reject(new Error(payload.message));
      })
      .subscribe((status, err) => {
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
  });
  return events;
}

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const ids = (events: Change[]) => events.map((e) => (e.new as Row).id);

async function aBookingOf(org: string) {
  const { data } = await svc.from('bookings').select('id').eq('organization_id', org).limit(1).single().throwOnError();
  return data.id;
}

/** A harmless UPDATE through the service role: the change is what is under test, not the writer. */
async function touchBooking(id: string) {
  await svc
    .from('bookings')
    .update({ special_requests: `live ${randomUUID()}` })
    .eq('id', id)
    .throwOnError();
}

async function insertTask(org: string, vendorId: string | null) {
  const { data } = await svc
    .from('tasks')
    .insert({ organization_id: org, title: `Live ${randomUUID().slice(0, 8)}`, vendor_id: vendorId })
    .select('id')
    .single()
    .throwOnError();
  return data.id;
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  users.owner2 = await signIn('owner2');
  users.member1 = await signIn('member1');
  users.vendor1 = await signIn('vendor1');
  const bookingsOnly = await newStaff(stack, { org: ORG1, permissions: ['bookings.read'], name: 'Bookings only' });
  users.bookingsOnly = withToken(await stack.userToken({ sub: bookingsOnly.id }));
});
afterAll(async () => {
  for (const c of channels) await c.unsubscribe().catch(() => undefined);
  for (const client of Object.values(users)) await client.removeAllChannels();
  await stack?.stop();
});

describe('postgres_changes on public.bookings', () => {
  it("reaches the organisation's staff with bookings.read, not another organisation nor a vendor", async () => {
    const [member, bookingsOnly, otherOwner, otherOwnerSpying, vendor] = await Promise.all([
      watch(users.member1, 'bookings', ORG1),
      watch(users.bookingsOnly, 'bookings', ORG1),
      watch(users.owner2, 'bookings'),
      // The attacker asks for org 1's rows by filter: RLS still decides.
      watch(users.owner2, 'bookings', ORG1),
      watch(users.vendor1, 'bookings'),
    ]);
    const mine = await aBookingOf(ORG1);
    await touchBooking(mine);
    await until(() => member.length === 1 && bookingsOnly.length === 1, 'org 1 staff events');
    expect(member[0]).toMatchObject({
      table: 'bookings',
      eventType: 'UPDATE',
      new: { id: mine, organization_id: ORG1 },
    });

    // Delivered in commit order: once org 2's own change reached its owner, org 1's is settled.
    const theirs = await aBookingOf(ORG2);
    await touchBooking(theirs);
    await until(() => otherOwner.length === 1, 'org 2 owner event');
    await new Promise((r) => setTimeout(r, 100));
    expect(ids(otherOwner)).toEqual([theirs]);
    expect(otherOwnerSpying).toEqual([]);
    expect(vendor).toEqual([]);
    expect(ids(member)).toEqual([mine]);
  });
});

describe('postgres_changes on public.tasks', () => {
  it('reaches staff with tasks.read and the assigned vendor only; not staff without tasks.read nor another organisation', async () => {
    const [member, bookingsOnly, otherOwnerSpying, vendor] = await Promise.all([
      watch(users.member1, 'tasks', ORG1),
      watch(users.bookingsOnly, 'tasks', ORG1),
      watch(users.owner2, 'tasks', ORG1),
      // A vendor's tasks span organisations: it subscribes unfiltered, as the vendor view does.
      watch(users.vendor1, 'tasks'),
    ]);
    const unassigned = await insertTask(ORG1, null);
    const assigned = await insertTask(ORG1, SPARKLE_VENDOR);
    await until(() => member.length === 2 && vendor.length === 1, 'member and vendor events');
    expect(ids(member)).toEqual([unassigned, assigned]);
    expect(vendor[0]).toMatchObject({ eventType: 'INSERT', new: { id: assigned, vendor_id: SPARKLE_VENDOR } });

    // The vendor starts its task: an UPDATE reaches it and the organisation's staff.
    await svc.from('tasks').update({ status: 'in_progress' }).eq('id', assigned).throwOnError();
    await until(() => member.length === 3 && vendor.length === 2, 'update events');
    expect(vendor[1]).toMatchObject({ eventType: 'UPDATE', new: { id: assigned, status: 'in_progress' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(ids(vendor)).toEqual([assigned, assigned]);
    expect(bookingsOnly).toEqual([]);
    expect(otherOwnerSpying).toEqual([]);
  });
});
