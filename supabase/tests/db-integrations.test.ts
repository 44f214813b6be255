/**
 * Settings → Integrations (issue 15) in the database: the organisation's TTLock account
 * (set_lock_integration, write-only, the password kept as its MD5; disconnect forgets secrets and
 * tokens; lock_account_for_unit falls back to it for a unit without its own account) and the
 * channel-sync schedule (set_channel_sync_schedule, channel_sync_status). One row per
 * organisation and provider; browsers cannot write those rows directly; org 2's owner can neither
 * read nor change org 1's, and nobody but the service role reads the secrets.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, ORG2, newStaff, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let svc: Db;
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  svc = service(stack);
}, 120_000);
afterAll(() => stack?.stop());

const rowsOf = async (db: Db, org: string) =>
  (await db.from('integrations').select('provider, status, sync_frequency, settings').eq('organization_id', org))
    .data ?? [];

describe('the seed', () => {
  it('gives org 1 the sandbox TTLock account and a 15-minute channel sync, org 2 nothing', async () => {
    const org1 = await rowsOf(svc, ORG1);
    expect(org1.map((r) => r.provider).sort()).toEqual(['ical', 'ttlock']);
    expect(org1.find((r) => r.provider === 'ttlock')).toMatchObject({
      status: 'active',
      settings: { username: 'demo-ttlock' },
    });
    expect(org1.find((r) => r.provider === 'ical')).toMatchObject({ status: 'active', sync_frequency: 'realtime' });
    expect(await rowsOf(svc, ORG2)).toEqual([]);
    const { data } = await svc.rpc('lock_account_for_organization', { organization_id: ORG1 });
    expect(data).toMatchObject({ username: 'demo-ttlock', password_md5: md5('demo-lock-password') });
  });
});

describe('the TTLock account', () => {
  it('is write-only: stored as MD5, never readable by staff, pending until tested', async () => {
    const saved = await owner2.rpc('set_lock_integration', {
      username: 'second-host',
      password: 'p4ss',
      client_id: 'cid-2',
      client_secret: 'sec-2',
    });
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ status: 'pending' });
    const [row] = await rowsOf(owner2, ORG2);
    expect(row).toMatchObject({ provider: 'ttlock', status: 'pending', settings: { username: 'second-host' } });
    expect((await owner2.from('integration_lock_secrets').select('*')).error?.code).toBe('42501');
    const { data } = await svc.rpc('lock_account_for_organization', { organization_id: ORG2 });
    expect(data).toMatchObject({
      username: 'second-host',
      password_md5: md5('p4ss'),
      client_id: 'cid-2',
      password: null,
    });
    // Saving again without the secrets keeps them; a second row never appears.
    expect((await owner2.rpc('set_lock_integration', { username: 'second-host-2' })).error).toBeNull();
    const again = await svc.rpc('lock_account_for_organization', { organization_id: ORG2 });
    expect(again.data).toMatchObject({ username: 'second-host-2', password_md5: md5('p4ss'), client_secret: 'sec-2' });
    expect((await rowsOf(svc, ORG2)).filter((r) => r.provider === 'ttlock')).toHaveLength(1);
    expect((await owner2.rpc('lock_account_for_organization', { organization_id: ORG2 })).error).not.toBeNull();
  });

  it('needs every field the first time (22023) and integrations.write (42501)', async () => {
    const fresh = await newStaff(stack, { org: ORG1, permissions: ['integrations.read'] });
    expect(
      (
        await fresh.client.rpc('set_lock_integration', {
          username: 'x',
          password: 'y',
          client_id: 'a',
          client_secret: 'b',
        })
      ).error?.code,
    ).toBe('42501');
    expect((await fresh.client.rpc('disconnect_lock_integration')).error?.code).toBe('42501');
    expect((await fresh.client.rpc('set_channel_sync_schedule', { sync_frequency: 'hourly' })).error?.code).toBe(
      '42501',
    );
    const blank = await owner1.rpc('set_lock_integration', { username: '  ' });
    expect(blank.error?.code).toBe('22023');
  });

  it("org 2's owner cannot read or change org 1's rows", async () => {
    expect(await rowsOf(owner2, ORG1)).toEqual([]);
    const update = await owner2
      .from('integrations')
      .update({ status: 'disconnected' })
      .eq('organization_id', ORG1)
      .select();
    expect(update.data ?? []).toEqual([]);
    // Their own RPCs only ever reach their own organisation.
    const before = await svc.rpc('lock_account_for_organization', { organization_id: ORG1 });
    expect(before.data).toMatchObject({ username: 'demo-ttlock', password_md5: md5('demo-lock-password') });
  });

  it('is not written directly by browsers (status comes from the test)', async () => {
    const insert = await owner2.from('integrations').insert({ name: 'Fake', provider: 'ical', status: 'active' });
    expect(insert.error?.code).toBe('42501');
    const update = await owner1.from('integrations').update({ status: 'active' }).eq('provider', 'ttlock').select();
    expect(update.data ?? []).toEqual([]);
    const bad = await owner1.from('integrations').insert({ name: 'Odd', provider: 'Not A Code' });
    expect(bad.error?.code).toBe('23514');
  });

  it('serves a unit without its own account from the organisation one, and disconnect forgets it', async () => {
    const unit = unitId(1);
    await svc.from('units').update({ lock_account_username: null }).eq('id', unit).throwOnError();
    const viaOrg = await svc.rpc('lock_account_for_unit', { unit_id: unit });
    expect(viaOrg.data).toMatchObject({ source: 'organization', username: 'demo-ttlock', lock_id: 'TTL-100201' });
    await svc.rpc('save_lock_account_token', {
      organization_id: ORG1,
      client_id: 'demo-ttlock-client',
      username: 'demo-ttlock',
      access_token: 'a'.repeat(32),
    });
    expect((await owner1.rpc('disconnect_lock_integration')).error).toBeNull();
    const gone = await svc.rpc('lock_account_for_unit', { unit_id: unit });
    expect(gone.data).toMatchObject({ source: 'organization', username: null, password_md5: null, access_token: null });
    const [row] = (await rowsOf(owner1, ORG1)).filter((r) => r.provider === 'ttlock');
    expect(row.status).toBe('disconnected');
    // Connect again for the next tests and put the unit back.
    await owner1.rpc('set_lock_integration', {
      username: 'demo-ttlock',
      password: 'demo-lock-password',
      client_id: 'demo-ttlock-client',
      client_secret: 'demo-ttlock-secret',
    });
    await svc.from('units').update({ lock_account_username: 'demo-ttlock' }).eq('id', unit).throwOnError();
    const own = await svc.rpc('lock_account_for_unit', { unit_id: unit });
    expect(own.data).toMatchObject({ source: 'unit', password: 'demo-lock-password' });
  });
});

describe('the channel-sync schedule', () => {
  it('keeps one row per organisation, refuses weekly, and pauses', async () => {
    expect((await owner2.rpc('set_channel_sync_schedule', { sync_frequency: 'weekly' })).error?.code).toBe('22023');
    expect((await owner2.rpc('set_channel_sync_schedule', { sync_frequency: 'daily', paused: true })).error).toBeNull();
    expect((await owner2.rpc('set_channel_sync_schedule', { sync_frequency: 'hourly' })).error).toBeNull();
    const rows = (await rowsOf(owner2, ORG2)).filter((r) => r.provider === 'ical');
    expect(rows).toEqual([expect.objectContaining({ status: 'active', sync_frequency: 'hourly' })]);
    await owner2.rpc('set_channel_sync_schedule', { sync_frequency: 'hourly', paused: true });
    expect((await rowsOf(svc, ORG2)).find((r) => r.provider === 'ical')?.status).toBe('disconnected');
    // Org 1's schedule is untouched.
    expect((await rowsOf(svc, ORG1)).find((r) => r.provider === 'ical')).toMatchObject({
      status: 'active',
      sync_frequency: 'realtime',
    });
  });

  it('reports the feeds and the newest sync to integrations.read', async () => {
    const { data, error } = await owner1.rpc('channel_sync_status');
    expect(error).toBeNull();
    expect((data as { feeds: number }).feeds).toBeGreaterThan(0);
    expect((data as { last_synced_at: string | null }).last_synced_at).not.toBeNull();
    const outsider = await newStaff(stack, { org: ORG1, permissions: ['bookings.read'] });
    expect((await outsider.client.rpc('channel_sync_status')).error?.code).toBe('42501');
    void DEMO;
  });
});
