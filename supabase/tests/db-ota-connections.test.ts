/**
 * Settings → OTA connections (issue 15) in the database, through supabase-js as real users: the
 * status is derived (setup_required → connected / pending → active; a failed sync keeps it and
 * shows last_error), "disconnected" is staff's and survives later edits and a sync attempt
 * (begin_ical_sync answers disconnected), one connection per platform and unit (PT409
 * ota_platform_taken), API credentials are write-only, and the other organisation can neither
 * read, change, delete nor set credentials of org 1's connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStaff, ORG1, service, signInDemo, unitId, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let reader: Db;

const FEED = 'http://127.0.0.1:54321/_sandbox/ota/feeds/agoda/db-test.ics';

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  reader = (await newStaff(stack, { org: ORG1, permissions: ['channels.read'], name: 'Channel reader' })).client;
});
afterAll(() => stack?.stop());

async function statusOf(id: string) {
  const { data } = await svc.from('ota_connections').select('status, last_error').eq('id', id).single().throwOnError();
  return data;
}

async function addConnection(values: { unit: number | null; platform: 'agoda' | 'expedia' | 'vrbo' | 'other' }) {
  const { data } = await owner1
    .from('ota_connections')
    .insert({
      unit_id: values.unit === null ? null : unitId(values.unit),
      platform: values.platform,
      connection_name: `Test ${values.platform}`,
    })
    .select('id, status')
    .single()
    .throwOnError();
  return data;
}

describe('status derivation', () => {
  it('setup_required → connected (credentials, no feed) → pending (feed) → active (synced); a failed sync keeps it', async () => {
    const made = await addConnection({ unit: 2, platform: 'agoda' });
    expect(made.status).toBe('setup_required');

    await owner1
      .rpc('set_ota_credentials', { connection_id: made.id, api_key: 'key-1', api_secret: 'secret-1' })
      .throwOnError();
    expect((await statusOf(made.id)).status).toBe('connected');

    // A browser cannot claim a status: what it writes is replaced by the derived one.
    await owner1
      .from('ota_connections')
      .update({ status: 'active', ical_import_url: FEED })
      .eq('id', made.id)
      .throwOnError();
    expect((await statusOf(made.id)).status).toBe('pending');

    const begun = await svc.rpc('begin_ical_sync', { connection_id: made.id, trigger: 'manual' }).throwOnError();
    const runId = (begun.data as { run_id: string }).run_id;
    await svc.rpc('fail_ical_sync', { run_id: runId, error: 'The feed did not answer' }).throwOnError();
    expect(await statusOf(made.id)).toEqual({ status: 'pending', last_error: 'The feed did not answer' });

    const again = await svc.rpc('begin_ical_sync', { connection_id: made.id, trigger: 'manual' }).throwOnError();
    await svc.rpc('apply_ical_sync', { run_id: (again.data as { run_id: string }).run_id, events: [] }).throwOnError();
    expect(await statusOf(made.id)).toEqual({ status: 'active', last_error: null });

    // Unmapped from its unit: nothing can be synced any more.
    await owner1.from('ota_connections').update({ unit_id: null }).eq('id', made.id).throwOnError();
    expect((await statusOf(made.id)).status).toBe('setup_required');
    await owner1.from('ota_connections').delete().eq('id', made.id).throwOnError();
  });

  it('the seed is consistent with the rules', async () => {
    const { data } = await svc.from('ota_connections').select('connection_name, status').order('connection_name');
    expect(data).toEqual(
      expect.arrayContaining([
        { connection_name: 'Airbnb — Olaya Skyline', status: 'active' },
        { connection_name: 'Booking.com — Corniche', status: 'setup_required' },
      ]),
    );
  });
});

describe('disconnect', () => {
  it('is kept through edits and refuses a sync until staff reconnect', async () => {
    const made = await addConnection({ unit: 3, platform: 'expedia' });
    await owner1.from('ota_connections').update({ ical_import_url: FEED }).eq('id', made.id).throwOnError();
    await owner1.from('ota_connections').update({ status: 'disconnected' }).eq('id', made.id).throwOnError();
    await owner1.from('ota_connections').update({ connection_name: 'Renamed' }).eq('id', made.id).throwOnError();
    expect((await statusOf(made.id)).status).toBe('disconnected');

    const refused = await svc.rpc('begin_ical_sync', { connection_id: made.id, trigger: 'manual' }).throwOnError();
    expect(refused.data).toEqual({ outcome: 'disconnected' });
    const runs = await svc.from('ota_sync_runs').select('id').eq('connection_id', made.id).throwOnError();
    expect(runs.data).toEqual([]);
    expect((await statusOf(made.id)).status).toBe('disconnected');

    // Reconnect: any other status written is replaced by the derived one.
    await owner1.from('ota_connections').update({ status: 'pending' }).eq('id', made.id).throwOnError();
    expect((await statusOf(made.id)).status).toBe('pending');
    const begun = await svc.rpc('begin_ical_sync', { connection_id: made.id, trigger: 'manual' }).throwOnError();
    expect((begun.data as { outcome: string }).outcome).toBe('ok');
    await svc.rpc('fail_ical_sync', { run_id: (begun.data as { run_id: string }).run_id, error: 'x' }).throwOnError();
    await owner1.from('ota_connections').delete().eq('id', made.id).throwOnError();
  });
});

describe('one connection per platform and unit', () => {
  it('refuses a second one with PT409 ota_platform_taken, on insert and on moving another one there', async () => {
    const first = await addConnection({ unit: 4, platform: 'vrbo' });
    const second = await owner1
      .from('ota_connections')
      .insert({ unit_id: unitId(4), platform: 'vrbo', connection_name: 'Vrbo again' });
    expect(second.status).toBe(409);
    expect(second.error?.code).toBe('PT409');
    expect(second.error?.hint).toBe('ota_platform_taken');

    const elsewhere = await addConnection({ unit: 6, platform: 'vrbo' });
    const moved = await owner1
      .from('ota_connections')
      .update({ unit_id: unitId(4) })
      .eq('id', elsewhere.id);
    expect(moved.error?.hint).toBe('ota_platform_taken');

    // Another platform, or "other" twice, is fine.
    const other1 = await addConnection({ unit: 4, platform: 'other' });
    const other2 = await addConnection({ unit: 4, platform: 'other' });
    for (const id of [first.id, elsewhere.id, other1.id, other2.id]) {
      await owner1.from('ota_connections').delete().eq('id', id).throwOnError();
    }
  });
});

describe('credentials and tenancy', () => {
  it('credentials are write-only: no browser role reads the secrets, the row says only that they are set', async () => {
    const made = await addConnection({ unit: 8, platform: 'agoda' });
    await owner1
      .rpc('set_ota_credentials', { connection_id: made.id, api_key: 'k-visible?', api_secret: 's-visible?' })
      .throwOnError();
    const secrets = await owner1.from('ota_connection_secrets').select('*').eq('connection_id', made.id);
    expect(secrets.data ?? []).toEqual([]);
    expect(secrets.error).not.toBeNull();
    const row = await owner1.from('ota_connections').select('*').eq('id', made.id).single().throwOnError();
    expect(JSON.stringify(row.data)).not.toContain('visible?');
    expect(row.data.credentials_configured).toBe(true);

    // Blank fields keep the stored key (the edit dialog's "leave blank").
    await owner1.rpc('set_ota_credentials', { connection_id: made.id, api_key: 'k-2' }).throwOnError();
    const stored = await svc.from('ota_connection_secrets').select('api_key, api_secret').eq('connection_id', made.id);
    expect(stored.data).toEqual([{ api_key: 'k-2', api_secret: 's-visible?' }]);
    await owner1.from('ota_connections').delete().eq('id', made.id).throwOnError();
  });

  it('channels.read reads but cannot add, change, delete or set credentials', async () => {
    const made = await addConnection({ unit: 9, platform: 'agoda' });
    const seen = await reader.from('ota_connections').select('id').eq('id', made.id);
    expect(seen.data).toEqual([{ id: made.id }]);
    const added = await reader
      .from('ota_connections')
      .insert({ unit_id: unitId(10), platform: 'agoda', connection_name: 'x' });
    expect(added.error?.code).toBe('42501');
    const changed = await reader
      .from('ota_connections')
      .update({ status: 'disconnected' })
      .eq('id', made.id)
      .select('id');
    expect(changed.data).toEqual([]);
    const removed = await reader.from('ota_connections').delete().eq('id', made.id).select('id');
    expect(removed.data).toEqual([]);
    const creds = await reader.rpc('set_ota_credentials', {
      connection_id: made.id,
      api_key: 'evil',
      api_secret: 'evil',
    });
    expect(creds.error?.code).toBe('42501');
    expect((await statusOf(made.id)).status).toBe('setup_required');
    await owner1.from('ota_connections').delete().eq('id', made.id).throwOnError();
  });

  it("org 2's owner cannot read, update, delete or set credentials of org 1's connections", async () => {
    const made = await addConnection({ unit: 11, platform: 'agoda' });
    const read = await owner2.from('ota_connections').select('id').eq('id', made.id);
    expect(read.data).toEqual([]);
    const updated = await owner2
      .from('ota_connections')
      .update({ status: 'disconnected', connection_name: 'pwned' })
      .eq('id', made.id)
      .select('id');
    expect(updated.data).toEqual([]);
    const deleted = await owner2.from('ota_connections').delete().eq('id', made.id).select('id');
    expect(deleted.data).toEqual([]);
    const creds = await owner2.rpc('set_ota_credentials', {
      connection_id: made.id,
      api_key: 'evil',
      api_secret: 'evil',
    });
    expect(creds.status).toBe(404);
    // Nor can it map its own connection onto org 1's unit (the composite foreign key).
    const foreignUnit = await owner2
      .from('ota_connections')
      .insert({ unit_id: unitId(11), platform: 'agoda', connection_name: 'sneaky' });
    expect(foreignUnit.error).not.toBeNull();
    expect(foreignUnit.error?.hint).not.toBe('ota_platform_taken');

    const after = await svc
      .from('ota_connections')
      .select('connection_name, status, credentials_configured')
      .eq('id', made.id);
    expect(after.data).toEqual([
      { connection_name: 'Test agoda', status: 'setup_required', credentials_configured: false },
    ]);
    const secrets = await svc.from('ota_connection_secrets').select('connection_id').eq('connection_id', made.id);
    expect(secrets.data).toEqual([]);
    await owner1.from('ota_connections').delete().eq('id', made.id).throwOnError();
  });
});
