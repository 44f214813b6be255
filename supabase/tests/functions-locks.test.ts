/**
 * The locks edge function against the stack's TTLock sandbox (issue 15): connection test, tokens
 * kept per organisation (expired → refreshed, never a second sign-in when the refresh works),
 * passcodes created / listed / deleted through the gateway with the app's messages for a full
 * lock, a lock without a gateway, a duplicate code and missing fields; lock records of the last 7
 * days in pages; another organisation's unit is 404, a caller without the permission 403.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, newStaff, ORG1, service, unitId, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let owner1: string;
let owner2: string;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await stack.userToken({ sub: DEMO.owner1.id });
  owner2 = await stack.userToken({ sub: DEMO.owner2.id });
}, 120_000);
afterAll(() => stack?.stop());
// A fresh sandbox forgets the tokens it issued: forget org 1's stored one as well.
beforeEach(async () => {
  stack.stack.ttlock.reset();
  const { error } = await svc.rpc('save_lock_account_token', {
    organization_id: ORG1,
    client_id: 'demo-ttlock-client',
    username: 'demo-ttlock',
    access_token: null as unknown as string,
  });
  if (error) throw new Error(error.message);
});

async function locks(path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/locks${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      apikey: stack.anonKey,
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers checked field by field
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

const tokenRequests = () => stack.stack.ttlock.log.filter((e) => e.path === '/oauth2/token');
const HOUR = 3_600_000;
const timed = (code: string, startInHours = 24) => {
  const start = new Date(Math.floor(Date.now() / HOUR) * HOUR + startInHours * HOUR);
  return {
    name: `Guest ${code}`,
    code,
    kind: 'temporary',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 48 * HOUR).toISOString(),
  };
};

describe('the lock account and its token', () => {
  it('tests the connection with a fresh token and keeps it server-side for the organisation', async () => {
    const tested = await locks(`/units/${unitId(1)}/test`, { token: owner1, method: 'POST' });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, lock_id: 'TTL-100201', has_gateway: true });
    const password = tokenRequests()[0];
    expect(password.params.username).toBe('demo-ttlock');
    const { data } = await svc.rpc('lock_account_for_unit', { unit_id: unitId(1) });
    expect((data as { access_token: string | null }).access_token).toMatch(/^[0-9a-f]{32}$/);
    // Browsers cannot read it.
    const read = await stack.client({ accessToken: owner1 }).rpc('lock_account_for_unit', { unit_id: unitId(1) });
    expect(read.error).not.toBeNull();
  });

  it('reuses the stored token, refreshes it when TTLock says it expired, and carries on', async () => {
    expect((await locks(`/units/${unitId(1)}/passcodes`, { token: owner1 })).status).toBe(200);
    expect((await locks(`/units/${unitId(2)}/passcodes`, { token: owner1 })).status).toBe(200);
    // One account for both units of the organisation: one sign-in.
    expect(tokenRequests()).toHaveLength(1);
    stack.stack.ttlock.expireTokens();
    const after = await locks(`/units/${unitId(1)}/passcodes`, { token: owner1 });
    expect(after.status).toBe(200);
    // Refreshed with the refresh token, not a second password sign-in.
    expect(tokenRequests().map((e) => e.params.grant_type ?? 'password')).toEqual(['password', 'refresh_token']);
    expect(stack.stack.ttlock.log.some((e) => e.errcode === 10004)).toBe(true);
  });

  it('a password TTLock refuses is a clear 422, not a crash', async () => {
    await svc.from('unit_lock_secrets').update({ account_password: 'wrong' }).eq('unit_id', unitId(5));
    const tested = await locks(`/units/${unitId(5)}/test`, { token: owner1, method: 'POST' });
    expect(tested.status).toBe(422);
    expect(tested.body.code).toBe('lock_account_rejected');
    await svc.from('unit_lock_secrets').update({ account_password: 'demo-lock-password' }).eq('unit_id', unitId(5));
  });
});

describe('passcodes', () => {
  it('creates a 6-digit timed code through the gateway, lists it and deletes it', async () => {
    const path = `/units/${unitId(1)}/passcodes`;
    expect((await locks(path, { token: owner1, body: { ...timed('246810'), name: '' } })).body.code).toBe(
      'fields_required',
    );
    expect((await locks(path, { token: owner1, body: timed('24681') })).body.code).toBe('passcode_invalid');
    const created = await locks(path, { token: owner1, body: timed('246810') });
    expect(created.status).toBe(201);
    const add = stack.stack.ttlock.log.find((e) => e.path === '/v3/keyboardPwd/add')!;
    expect(add.params).toMatchObject({ addType: '2', keyboardPwdType: '3', lockId: 'TTL-100201' });
    const listed = await locks(path, { token: owner1 });
    expect(listed.body.passcodes).toEqual([
      expect.objectContaining({ id: created.body.id, code: '246810', kind: 'temporary', status: 'active' }),
    ]);
    const row = await svc
      .from('lock_passcodes')
      .select('status, code')
      .eq('provider_passcode_id', created.body.id)
      .single();
    expect(row.data).toEqual({ status: 'active', code: '246810' });
    // The same code again: TTLock's -3007 as a clear conflict.
    const again = await locks(path, { token: owner1, body: timed('246810', 100) });
    expect(again).toMatchObject({ status: 409, body: { code: 'passcode_exists' } });
    const removed = await locks(`${path}/${created.body.id}`, { token: owner1, method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await locks(path, { token: owner1 })).body.passcodes).toEqual([]);
    const gone = await svc.from('lock_passcodes').select('status').eq('provider_passcode_id', created.body.id).single();
    expect(gone.data?.status).toBe('invalid');
  });

  it('a full lock (250 codes) and a lock without a gateway are explained', async () => {
    stack.stack.ttlock.fillLock('TTL-100202');
    const full = await locks(`/units/${unitId(2)}/passcodes`, { token: owner1, body: timed('135790') });
    expect(full).toMatchObject({ status: 409, body: { code: 'lock_passcodes_full' } });
    // Unit 3 gets a Bluetooth-only lock on the same account.
    await svc
      .from('units')
      .update({ smart_lock_id: 'TTL-100300', lock_account_username: 'demo-ttlock' })
      .eq('id', unitId(3));
    await svc.from('unit_lock_secrets').upsert({
      unit_id: unitId(3),
      organization_id: ORG1,
      account_password: 'demo-lock-password',
      client_id: 'demo-ttlock-client',
      client_secret: 'demo-ttlock-secret',
    });
    const noGateway = await locks(`/units/${unitId(3)}/passcodes`, { token: owner1, body: timed('135790') });
    expect(noGateway).toMatchObject({ status: 409, body: { code: 'lock_no_gateway' } });
    expect(noGateway.body.message).toMatch(/gateway/);
  });

  it('a unit without a lock id or without the account says so (SPEC §8)', async () => {
    const none = await locks(`/units/${unitId(4)}/passcodes`, { token: owner1 });
    expect(none).toMatchObject({
      status: 409,
      body: { code: 'lock_not_configured', message: 'No TTLock ID configured for this unit' },
    });
    await svc.from('units').update({ smart_lock_id: 'TTL-100301' }).eq('id', unitId(6));
    // No account on the unit and none for the organisation (Settings → Integrations → TTLock):
    // the organisation's is set aside for this check and put back after.
    const { data: orgAccount } = await svc.from('integration_lock_secrets').select('*').eq('organization_id', ORG1);
    await svc.from('integration_lock_secrets').delete().eq('organization_id', ORG1).throwOnError();
    const noAccount = await locks(`/units/${unitId(6)}/records`, { token: owner1 });
    await svc.from('integration_lock_secrets').insert(orgAccount!).throwOnError();
    expect(noAccount).toMatchObject({
      status: 409,
      body: { code: 'lock_integration_missing', message: 'No lock integration configured' },
    });
  });

  it('TTLock rate limits become 429', async () => {
    await locks(`/units/${unitId(1)}/passcodes`, { token: owner1 });
    stack.stack.ttlock.rateLimit(1);
    const limited = await locks(`/units/${unitId(1)}/passcodes`, { token: owner1 });
    expect(limited).toMatchObject({ status: 429, body: { code: 'lock_rate_limited' } });
  });
});

describe('lock records', () => {
  it('shows the last 7 days, 20 a page, newest first', async () => {
    const first = await locks(`/units/${unitId(1)}/records`, { token: owner1 });
    expect(first.status).toBe(200);
    expect(first.body.records).toHaveLength(20);
    expect(first.body.pages).toBeGreaterThan(1);
    const weekAgo = Date.now() - 7 * 86_400_000 - 60_000;
    const second = await locks(`/units/${unitId(1)}/records?page=2`, { token: owner1 });
    const all = [...first.body.records, ...second.body.records] as Array<{ id: string; at: string; method: string }>;
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.every((r) => Date.parse(r.at) >= weekAgo)).toBe(true);
    expect(Date.parse(all[0].at)).toBeGreaterThan(Date.parse(all[1].at));
    expect(all.map((r) => r.method)).toContain('passcode');
    const asked = stack.stack.ttlock.log.filter((e) => e.path === '/v3/lockRecord/list').at(-1)!;
    expect(Number(asked.params.endDate) - Number(asked.params.startDate)).toBe(7 * 86_400_000);
  });
});

describe('who may use a lock', () => {
  it('another organisation, an unknown unit and a stranger get 404 / 401; no permission 403', async () => {
    expect((await locks(`/units/${unitId(1)}/passcodes`, { token: owner2 })).status).toBe(404);
    expect((await locks(`/units/${unitId(1)}/records`, { token: owner2 })).body.code).toBe('unit_not_found');
    expect((await locks(`/units/${unitId(1)}/passcodes`, { token: owner2, body: timed('112233') })).status).toBe(404);
    expect(
      (await locks(`/units/00000000-0000-4000-8000-000000000000/test`, { token: owner1, method: 'POST' })).status,
    ).toBe(404);
    expect((await locks(`/units/${unitId(1)}/passcodes`)).status).toBe(401);
    // verify_jwt is off: a token with a forged signature is refused by the database, not trusted.
    const [header, payload] = owner1.split('.');
    expect((await locks(`/units/${unitId(1)}/passcodes`, { token: `${header}.${payload}.Zm9yZ2Vk` })).status).toBe(401);
    const nobody = await newStaff(stack, { org: ORG1, permissions: ['bookings.read'] });
    const token = await stack.userToken({ sub: nobody.id });
    expect((await locks(`/units/${unitId(1)}/passcodes`, { token })).status).toBe(403);
    // Nothing reached TTLock for any of them.
    expect(stack.stack.ttlock.log.filter((e) => e.path.startsWith('/v3/'))).toEqual([]);
  });
});
