/**
 * Settings → Integrations (issue 15) through the edge functions against the stack's sandboxes.
 * TTLock: the organisation's account tested with a fresh sign-in (status active and the test's
 * time recorded; a wrong password is a clear 422 and setup_required), a unit without its own
 * account uses the organisation's (token kept, refreshed when TTLock says it expired), only
 * integrations.write may test. Channel sync: "Test" reads every feed of the organisation without
 * applying it (reachable with its events, or the error; no run, no booking changed); the schedule
 * honours each organisation's frequency and pause and skips disconnected connections; "Sync now"
 * of a disconnected connection is 409.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, newStaff, ORG1, service, unitId, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let owner1: string;
let owner2: string;
let owner1Db: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await stack.userToken({ sub: DEMO.owner1.id });
  owner2 = await stack.userToken({ sub: DEMO.owner2.id });
  owner1Db = stack.client({ accessToken: owner1 }) as unknown as Db;
}, 120_000);
afterAll(() => stack?.stop());

async function call(fn: 'locks' | 'ical', path: string, token?: string) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/${fn}${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers checked field by field
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

const ttlockRow = async () =>
  (
    await svc
      .from('integrations')
      .select('status, last_sync_at, settings')
      .eq('organization_id', ORG1)
      .eq('provider', 'ttlock')
      .single()
      .throwOnError()
  ).data;

describe("the organisation's TTLock account", () => {
  beforeEach(() => stack.stack.ttlock.reset());

  it('tests with a fresh sign-in and records the status and the time', async () => {
    const before = await ttlockRow();
    const tested = await call('locks', '/account/test', owner1);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, status: 'active' });
    expect(tested.body.locks).toBeGreaterThan(0);
    const token = stack.stack.ttlock.log.find((e) => e.path === '/oauth2/token')!;
    expect(token.params.username).toBe('demo-ttlock');
    const after = await ttlockRow();
    expect(after.status).toBe('active');
    expect(Date.parse(after.last_sync_at!)).toBeGreaterThan(Date.parse(before.last_sync_at ?? '1970-01-01'));
  });

  it('answers a wrong password with a clear 422 and marks the account setup_required', async () => {
    expect(
      (
        await owner1Db.rpc('set_lock_integration', {
          username: 'demo-ttlock',
          password: 'not-the-password',
        })
      ).error,
    ).toBeNull();
    const tested = await call('locks', '/account/test', owner1);
    expect(tested).toMatchObject({ status: 422, body: { code: 'lock_account_rejected' } });
    expect((await ttlockRow()).status).toBe('setup_required');
    await owner1Db.rpc('set_lock_integration', { username: 'demo-ttlock', password: 'demo-lock-password' });
    expect((await call('locks', '/account/test', owner1)).status).toBe(200);
  });

  it('is tested by integrations.write only; an organisation without an account is told so', async () => {
    const reader = await newStaff(stack, { org: ORG1, permissions: ['integrations.read'] });
    const readerToken = await stack.userToken({ sub: reader.id });
    expect((await call('locks', '/account/test', readerToken)).status).toBe(403);
    expect((await call('locks', '/account/test')).status).toBe(401);
    expect(await call('locks', '/account/test', owner2)).toMatchObject({
      status: 409,
      body: { code: 'lock_integration_missing' },
    });
  });

  it('serves a unit without its own account, keeping and refreshing the token', async () => {
    const unit = unitId(2);
    await svc.from('units').update({ lock_account_username: null }).eq('id', unit).throwOnError();
    await svc.from('unit_lock_secrets').delete().eq('unit_id', unit).throwOnError();
    const listed = await call('locks', `/units/${unit}/test`, owner1);
    expect(listed.status).toBe(200);
    expect(listed.body.lock_id).toBeTruthy();
    const { data } = await svc.rpc('lock_account_for_organization', { organization_id: ORG1 });
    expect((data as { access_token: string | null }).access_token).toMatch(/^[0-9a-f]{32}$/);
    stack.stack.ttlock.expireTokens();
    const response = await fetch(`${stack.apiUrl}/functions/v1/locks/units/${unit}/passcodes`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${owner1}` },
    });
    expect(response.status).toBe(200);
    const grants = stack.stack.ttlock.log
      .filter((e) => e.path === '/oauth2/token')
      .map((e) => e.params.grant_type ?? 'password');
    expect(grants).toEqual(['password', 'refresh_token']);
    // Disconnected, the unit has no account at all.
    expect((await owner1Db.rpc('disconnect_lock_integration')).error).toBeNull();
    expect(await call('locks', `/units/${unit}/test`, owner1)).toMatchObject({
      status: 409,
      body: { code: 'lock_integration_missing' },
    });
  });
});

describe('channel sync', () => {
  const sandbox = () => stack.stack.ota;
  let feeds: { id: string; ical_import_url: string | null }[];
  const runsCount = async () =>
    (await svc.from('ota_sync_runs').select('id', { count: 'exact', head: true }).eq('organization_id', ORG1)).count;
  const schedule = () =>
    fetch(`${stack.apiUrl}/functions/v1/ical/sync`, {
      method: 'POST',
      headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    }).then(async (r) => {
      const body = (await r.json()) as { results: { id: string }[] };
      // Org 2's feeds (no schedule: every 15 minutes) run too; count org 1's.
      const mine = body.results.map((x) => x.id).filter((id) => feeds.some((f) => f.id === id));
      return { status: r.status, synced: mine.length, ids: mine };
    });
  const ageAll = (minutes: number) =>
    svc
      .from('ota_connections')
      .update({ last_synced_at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .eq('organization_id', ORG1)
      .not('ical_import_url', 'is', null)
      .throwOnError();

  beforeAll(async () => {
    sandbox().reset();
    const { data } = await svc
      .from('ota_connections')
      .select('id, ical_import_url')
      .eq('organization_id', ORG1)
      .not('ical_import_url', 'is', null)
      .not('unit_id', 'is', null)
      .order('connection_name')
      .throwOnError();
    feeds = data;
    expect(feeds.length).toBeGreaterThan(1);
    // The seed's feeds name port 54321's sandbox; the stack points them at its own on start.
    for (const feed of feeds) expect(feed.ical_import_url).toMatch(new RegExp(`^${stack.apiUrl}/_sandbox/ota/feeds/`));
    // One feed broken, the others fine.
    await svc
      .from('ota_connections')
      .update({ ical_import_url: `${stack.apiUrl}/_sandbox/ota/feeds/airbnb/broken-1.ics` })
      .eq('id', feeds[0].id)
      .throwOnError();
    sandbox().setMode('airbnb', 'broken-1', 'error');
  });

  it('tests every feed of the organisation without applying any', async () => {
    const bookings = async () =>
      (await svc.from('bookings').select('id', { count: 'exact', head: true }).eq('organization_id', ORG1)).count;
    const [runsBefore, bookingsBefore] = [await runsCount(), await bookings()];
    const tested = await call('ical', '/test', owner1);
    expect(tested.status).toBe(200);
    const byId = new Map(
      (tested.body.feeds as { connection_id: string; error: string | null }[]).map((f) => [f.connection_id, f]),
    );
    expect(byId.size).toBe(feeds.length);
    expect(byId.get(feeds[0].id)).toMatchObject({ ok: false, events: null });
    expect(byId.get(feeds[0].id)?.error).toMatch(/500/);
    expect(byId.get(feeds[1].id)).toMatchObject({ ok: true, error: null });
    expect(await runsCount()).toBe(runsBefore);
    expect(await bookings()).toBe(bookingsBefore);
    // Org 2's owner sees only org 2's feeds; a reader may not test.
    const other = await call('ical', '/test', owner2);
    expect((other.body.feeds as { connection_id: string }[]).some((f) => byId.has(f.connection_id))).toBe(false);
    const reader = await newStaff(stack, { org: ORG1, permissions: ['integrations.read'] });
    expect((await call('ical', '/test', await stack.userToken({ sub: reader.id }))).status).toBe(403);
  });

  it("honours the organisation's frequency and pause", async () => {
    const set = (sync_frequency: 'realtime' | 'hourly' | 'daily' | 'manual', paused = false) =>
      owner1Db.rpc('set_channel_sync_schedule', { sync_frequency, paused }).throwOnError();
    await ageAll(30);
    await set('hourly');
    expect((await schedule()).synced).toBe(0);
    await set('realtime', true);
    expect((await schedule()).synced).toBe(0);
    await set('manual');
    expect((await schedule()).synced).toBe(0);
    await set('daily');
    expect((await schedule()).synced).toBe(0);
    await ageAll(25 * 60);
    expect((await schedule()).synced).toBe(feeds.length);
    await ageAll(30);
    await set('realtime');
    expect((await schedule()).synced).toBe(feeds.length);
  }, 60_000);

  it('skips a disconnected connection on schedule and refuses its "Sync now" with 409', async () => {
    const target = feeds[1].id;
    await svc.from('ota_connections').update({ status: 'disconnected' }).eq('id', target).throwOnError();
    await ageAll(30);
    const ran = await schedule();
    expect(ran.synced).toBe(feeds.length - 1);
    expect(ran.ids).not.toContain(target);
    expect(await call('ical', `/connections/${target}/sync`, owner1)).toMatchObject({
      status: 409,
      body: { code: 'connection_disconnected', message: 'This connection is disconnected. Reconnect it first' },
    });
  }, 60_000);
});
