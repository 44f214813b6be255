/**
 * Realtime in the local stack (DESIGN §3, issue 16): supabase-js's own Realtime client against
 * /realtime/v1/websocket, exactly as the Inbox subscribes — postgres_changes on public.messages
 * under RLS (a member of org 1 with messages.read gets org 1's rows; the owner of org 2 and a
 * member without messages.read get nothing, filter or no filter), UPDATEs with the new values,
 * broadcast between two clients, presence, and a bad or expired token refused at join.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, ORG2, newStaff, service, typed, type Db } from './fixtures/db-accounts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

let stack: TestStack;
let svc: Db;
const users: Record<'owner1' | 'owner2' | 'member1' | 'noRead', { client: Db; token: string }> = {} as never;
const channels: RealtimeChannel[] = [];

/** A real OTP sign-in; the client's Realtime acts with the session's access token. */
async function signIn(who: 'owner1' | 'owner2' | 'member1') {
  const auth = stack.client('anon').auth;
  await auth.signInWithOtp({ phone: DEMO[who].phone });
  const { data, error } = await auth.verifyOtp({ phone: DEMO[who].phone, token: '123456', type: 'sms' });
  if (error || !data.session) throw new Error(`sign in ${who}: ${error?.message}`);
  return withToken(data.session.access_token);
}

function withToken(token: string) {
  const client = typed(stack.client({ accessToken: token }));
  // Global headers carry the token for REST; Realtime takes it from setAuth (as after a sign-in).
  void client.realtime.setAuth(token);
  return { client, token };
}

/** Subscribes like the Inbox does; resolves once Realtime reports the table subscribed. */
async function watchMessages(client: SupabaseClient, filter?: string) {
  const events: Array<Change & { receivedAt: number }> = [];
  const channel = client.channel(`inbox:${randomUUID()}`);
  channels.push(channel);
  const subscribed = new Promise<void>((resolve, reject) => {
    channel
      .on('postgres_changes', { event: '*', schema: 'public', table: 'messages', filter }, (payload) =>
        events.push({ ...(payload as Change), receivedAt: performance.now() }),
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
  await subscribed;
  return events;
}

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function insertMessage(as: Db, body: string) {
  const { data } = await as
    .from('messages')
    .insert({ channel: 'sms', to_address: '+966511111111', body })
    .select('id, organization_id')
    .single()
    .throwOnError();
  return data;
}

const bodies = (events: Change[]) => events.map((e) => (e.new as Row).body);

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  users.owner1 = await signIn('owner1');
  users.owner2 = await signIn('owner2');
  users.member1 = await signIn('member1');
  const noRead = await newStaff(stack, { org: ORG1, permissions: ['bookings.read'], name: 'No inbox' });
  users.noRead = withToken(await stack.userToken({ sub: noRead.id }));
});
afterAll(async () => {
  for (const c of channels) await c.unsubscribe().catch(() => undefined);
  for (const u of Object.values(users)) await u.client.removeAllChannels();
  await stack?.stop();
  expect(stack?.stack.realtime.connections ?? 0).toBe(0);
});

describe('postgres_changes on public.messages', () => {
  it('delivers a new message to staff of its organisation only, under RLS', async () => {
    // All at once: the first joins install the capture triggers concurrently.
    const [member, memberFiltered, otherOwner, otherOwnerSpying, noRead] = await Promise.all([
      watchMessages(users.member1.client),
      watchMessages(users.member1.client, `organization_id=eq.${ORG1}`),
      watchMessages(users.owner2.client),
      // The attacker asks for org 1's rows by filter: RLS still decides.
      watchMessages(users.owner2.client, `organization_id=eq.${ORG1}`),
      watchMessages(users.noRead.client),
    ]);

    const sentAt = performance.now();
    const mine = await insertMessage(users.owner1.client, 'Welcome to Nuzl');
    expect(mine.organization_id).toBe(ORG1);
    await until(() => member.length === 1 && memberFiltered.length === 1, 'org 1 member events');
    const event = member[0] as Change & { receivedAt: number };
    expect(event).toMatchObject({ schema: 'public', table: 'messages', eventType: 'INSERT', errors: null });
    expect(event.new).toMatchObject({ id: mine.id, organization_id: ORG1, body: 'Welcome to Nuzl', status: 'queued' });
    expect(typeof event.commit_timestamp).toBe('string');
    console.log(`realtime: insert → postgres_changes event in ${Math.round(event.receivedAt - sentAt)} ms`);

    // Changes are delivered in commit order: once org 2's own message reached its owner,
    // org 1's (committed earlier) has been dispatched to everyone it was going to reach.
    await insertMessage(users.owner2.client, 'Org 2 only');
    await until(() => bodies(otherOwner).includes('Org 2 only'), 'org 2 owner event');
    await new Promise((r) => setTimeout(r, 100));
    expect(bodies(otherOwner)).toEqual(['Org 2 only']);
    expect(otherOwnerSpying).toEqual([]);
    expect(noRead).toEqual([]);
    expect(bodies(member)).toEqual(['Welcome to Nuzl']);
    expect(bodies(memberFiltered)).toEqual(['Welcome to Nuzl']);
  });

  it('delivers an UPDATE with the new values and a DELETE with the old key; a filter that excludes the row stays quiet', async () => {
    const member = await watchMessages(users.member1.client);
    const otherOrg = await watchMessages(users.member1.client, `organization_id=eq.${ORG2}`);
    const row = await insertMessage(users.owner1.client, 'Status please');
    await until(() => member.length === 1, 'insert event');
    await svc.from('messages').update({ status: 'delivered' }).eq('id', row.id).throwOnError();
    await until(() => member.length === 2, 'update event');
    const update = member[1] as Change;
    expect(update.eventType).toBe('UPDATE');
    expect(update.new).toMatchObject({ id: row.id, status: 'delivered' });
    expect(update.old).toEqual({ id: row.id });
    // DELETE: only the old primary key, as hosted sends it with the default replica identity.
    await svc.from('messages').delete().eq('id', row.id).throwOnError();
    await until(() => member.length === 3, 'delete event');
    expect(member[2]).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: row.id } });
    expect(otherOrg.filter((e) => e.eventType !== 'DELETE')).toEqual([]);
  });

  it('refuses a join with an expired or forged token', async () => {
    for (const token of [await stack.userToken({ sub: DEMO.owner1.id, expiresIn: -60 }), `${users.owner1.token}x`]) {
      const { client } = withToken(token);
      const channel = client.channel(`inbox:${randomUUID()}`);
      channels.push(channel);
      const outcome = await new Promise<{ status: string; message: string }>((resolve) => {
        channel
          .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, () => undefined)
          .subscribe((status, err) => {
            if (status !== 'SUBSCRIBED') resolve({ status, message: err?.message ?? '' });
            else resolve({ status, message: '' });
          });
      });
      expect(outcome.status).toBe('CHANNEL_ERROR');
      expect(outcome.message).toMatch(/expired|signature/i);
      await client.removeAllChannels();
    }
  });
  it('ends a channel when its token expires, unless the client refreshed it (access_token)', async () => {
    const watch = async (token: string) => {
      const { client } = withToken(token);
      const channel = client.channel(`inbox:${randomUUID()}`);
      channels.push(channel);
      const state = { system: [] as string[], closed: false };
      await new Promise<void>((resolve) => {
        channel
          .on('system', {}, (p: { message?: string }) => state.system.push(p.message ?? ''))
          .subscribe((status) => {
            if (status === 'SUBSCRIBED') resolve();
            if (status === 'CLOSED') state.closed = true;
          });
      });
      return { client, state };
    };
    const lapsing = await watch(await stack.userToken({ sub: DEMO.member1.id, expiresIn: 2 }));
    const refreshed = await watch(await stack.userToken({ sub: DEMO.member1.id, expiresIn: 2 }));
    await refreshed.client.realtime.setAuth(await stack.userToken({ sub: DEMO.member1.id, expiresIn: 3600 }));
    await until(() => lapsing.state.closed, 'the lapsed channel to close', 6000);
    expect(lapsing.state.system.join()).toMatch(/Token has expired/);
    await new Promise((r) => setTimeout(r, 300));
    expect(refreshed.state).toEqual({ system: [], closed: false });
  });
});

describe('postgres_changes on public.notifications (the bell)', () => {
  it("reaches only the notification's own user", async () => {
    const watch = async (client: SupabaseClient) => {
      const events: Change[] = [];
      const channel = client.channel(`bell:${randomUUID()}`);
      channels.push(channel);
      await new Promise<void>((resolve) => {
        channel
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications' }, (p) =>
            events.push(p as Change),
          )
          .on('system', {}, (p: { extension?: string }) => p.extension === 'postgres_changes' && resolve())
          .subscribe();
      });
      return events;
    };
    const [owner, member] = await Promise.all([watch(users.owner1.client), watch(users.member1.client)]);
    const dedupe = `realtime-${randomUUID()}`;
    const notify = (user: string, key: string) =>
      svc
        .from('notifications')
        .insert({ organization_id: ORG1, user_id: user, event: 'booking_created', dedupe_key: key })
        .throwOnError();
    await notify(DEMO.owner1.id, dedupe);
    await notify(DEMO.member1.id, `${dedupe}-member`);
    await until(() => owner.length >= 1 && member.length >= 1, 'one notification each');
    await new Promise((r) => setTimeout(r, 100));
    expect([owner.length, member.length]).toEqual([1, 1]);
    expect(owner[0]?.new).toMatchObject({ user_id: DEMO.owner1.id, dedupe_key: dedupe });
    expect(member[0]?.new).toMatchObject({ user_id: DEMO.member1.id });
  });
});

describe('broadcast and presence', () => {
  it('passes a broadcast to the other subscribers of the topic (not back to the sender), with ack', async () => {
    const topic = `room:${randomUUID()}`;
    const received: Record<string, unknown[]> = { a: [], b: [] };
    const join = (who: 'a' | 'b', client: SupabaseClient) =>
      new Promise<RealtimeChannel>((resolve, reject) => {
        const ch = client.channel(topic, { config: { broadcast: { ack: true } } });
        channels.push(ch);
        ch.on('broadcast', { event: 'typing' }, (msg) => received[who]?.push(msg.payload)).subscribe((status, err) =>
          status === 'SUBSCRIBED' ? resolve(ch) : status === 'CHANNEL_ERROR' ? reject(err) : undefined,
        );
      });
    const a = await join('a', users.owner1.client);
    await join('b', users.member1.client);
    expect(await a.send({ type: 'broadcast', event: 'typing', payload: { who: 'owner1' } })).toBe('ok');
    await until(() => received.b?.length === 1, 'broadcast at b');
    expect(received.b).toEqual([{ who: 'owner1' }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(received.a).toEqual([]);

    // From a client that has not joined: realtime-js's httpSend, POST /realtime/v1/api/broadcast/…
    const outsider = users.owner2.client.channel(topic);
    channels.push(outsider);
    expect(await outsider.httpSend('typing', { who: 'server' })).toEqual({ success: true });
    await until(() => received.b?.length === 2, 'REST broadcast at b');
    expect(received.b?.[1]).toEqual({ who: 'server' });
    expect(received.a).toEqual([{ who: 'server' }]);
  });

  it('shares presence between the subscribers of a topic', async () => {
    const topic = `presence:${randomUUID()}`;
    const a = users.owner1.client.channel(topic, { config: { presence: { key: 'owner1' } } });
    const b = users.member1.client.channel(topic, { config: { presence: { key: 'member1' } } });
    channels.push(a, b);
    const joined: string[] = [];
    b.on('presence', { event: 'join' }, ({ key }: { key: string }) => joined.push(key));
    await Promise.all(
      [a, b].map(
        (ch) => new Promise<void>((resolve) => ch.subscribe((status) => status === 'SUBSCRIBED' && resolve())),
      ),
    );
    expect(await a.track({ online_at: 'now' })).toBe('ok');
    await until(() => joined.includes('owner1'), 'presence join');
    expect(b.presenceState().owner1?.[0]).toMatchObject({ online_at: 'now' });
    await a.untrack();
    await until(() => !b.presenceState().owner1, 'presence leave');
  });
});

describe('the socket', () => {
  const wsUrl = (query: string) => `${stack.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`;

  it('refuses an upgrade without a valid apikey, like the gateway refuses requests', async () => {
    for (const query of ['vsn=2.0.0', 'apikey=sb_publishable_wrong&vsn=2.0.0']) {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(wsUrl(query));
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => undefined);
      });
      expect(status).toBe(401);
    }
  });

  it('speaks vsn 1.0.0 objects: heartbeat, join with postgres_changes ids, leave, unmatched topic', async () => {
    const ws = new WebSocket(wsUrl(`apikey=${stack.publishableKey}&vsn=1.0.0`));
    const frames: Array<Record<string, unknown>> = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve) => ws.once('open', resolve));
    const sendFrame = (frame: Record<string, unknown>) => ws.send(JSON.stringify(frame));
    const replyTo = async (ref: string) => {
      await until(() => frames.some((f) => f.ref === ref && f.event === 'phx_reply'), `reply ${ref}`);
      return frames.find((f) => f.ref === ref && f.event === 'phx_reply')?.payload;
    };
    sendFrame({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null });
    expect(await replyTo('1')).toEqual({ status: 'ok', response: {} });
    const table = { event: 'INSERT', schema: 'public', table: 'messages', filter: `organization_id=eq.${ORG1}` };
    sendFrame({
      topic: 'realtime:raw',
      event: 'phx_join',
      ref: '2',
      join_ref: '2',
      payload: { config: { postgres_changes: [table] }, access_token: users.member1.token },
    });
    const joined = (await replyTo('2')) as { status: string; response: { postgres_changes: Row[] } };
    expect(joined.status).toBe('ok');
    expect(joined.response.postgres_changes).toEqual([{ ...table, id: expect.any(Number) }]);
    await until(() => frames.some((f) => f.event === 'system'), 'system message');
    expect(frames.find((f) => f.event === 'system')?.payload).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: 'raw',
    });
    const row = await insertMessage(users.owner1.client, 'Raw socket');
    await until(() => frames.some((f) => f.event === 'postgres_changes'), 'change');
    const change = frames.find((f) => f.event === 'postgres_changes')?.payload as { ids: number[]; data: Row };
    expect(change.ids).toEqual([joined.response.postgres_changes[0]?.id]);
    expect(change.data).toMatchObject({ type: 'INSERT', schema: 'public', table: 'messages', record: { id: row.id } });
    expect(change.data.columns).toContainEqual({ name: 'status', type: 'message_status' });
    sendFrame({ topic: 'realtime:raw', event: 'phx_leave', payload: {}, ref: '3', join_ref: '2' });
    expect(await replyTo('3')).toEqual({ status: 'ok', response: {} });
    sendFrame({ topic: 'realtime:raw', event: 'broadcast', payload: {}, ref: '4', join_ref: '2' });
    expect(await replyTo('4')).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    ws.close();
  });
});
