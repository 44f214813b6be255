/**
 * API keys in the database (Settings → Security, issue 14), through supabase-js as the demo
 * accounts: only holders of api_keys.manage create, list and revoke their organisation's keys; the
 * key is shown once and only its SHA-256 and prefix are stored (not in the audit log either);
 * revocation is final and stamped by the database; the public API's functions are the service
 * role's alone; the keys list names who created each key.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, ORG1, ORG2, anon, newStaff, service, signInDemo, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let member1: Db;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
});
afterAll(() => stack?.stop());

async function create(as: Db, name: string) {
  const { data, error } = await as.rpc('create_api_key', { key_name: name });
  if (error) throw new Error(error.message);
  return data[0]!;
}

describe('who manages keys', () => {
  it('a member without api_keys.manage can neither create, list nor revoke keys', async () => {
    const refused = await member1.rpc('create_api_key', { key_name: 'Mine' });
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.hint).toBe('api_keys_manage_required');
    const own = await create(owner1, 'Owner key');
    expect((await member1.from('api_keys').select('id')).data).toEqual([]);
    const revoke = await member1
      .from('api_keys')
      .update({ revoked_at: new Date().toISOString() })
      .eq('id', own.id)
      .select('id');
    expect(revoke.data ?? []).toEqual([]);
    const { rows } = await stack.db.query(`select revoked_at from public.api_keys where id = $1`, [own.id]);
    expect(rows[0]).toEqual({ revoked_at: null });
  });

  it('a custom role holding api_keys.manage may; the other organisation never sees or revokes the key', async () => {
    const keeper = await newStaff(stack, { org: ORG1, permissions: ['api_keys.manage'], name: 'Key keeper' });
    const made = await create(keeper.client, 'Keeper key');
    expect(made.key).toMatch(/^nzl_[0-9a-f]{64}$/);
    expect((await owner2.from('api_keys').select('id').eq('id', made.id)).data).toEqual([]);
    const foreign = await owner2
      .from('api_keys')
      .update({ revoked_at: new Date().toISOString() })
      .eq('id', made.id)
      .select();
    expect(foreign.data ?? []).toEqual([]);
    const { data } = await owner1.from('api_keys').select('organization_id').eq('id', made.id).single();
    expect(data?.organization_id).toBe(ORG1);
  });

  it('an empty name is refused with its rule', async () => {
    const empty = await owner1.rpc('create_api_key', { key_name: '   ' });
    expect(empty.error?.hint).toBe('api_key_name_required');
  });
});

describe('the key itself', () => {
  it('is returned once; only its SHA-256 and a 12-character prefix are stored, nowhere the key', async () => {
    const made = await create(owner1, 'Stored once');
    const { rows } = await stack.db.query<{ row: string }>(
      `select to_jsonb(k)::text as row from public.api_keys k where k.id = $1`,
      [made.id],
    );
    const stored = rows[0]!.row;
    expect(stored).not.toContain(made.key);
    expect(stored).toContain(sha256(made.key));
    expect(JSON.parse(stored)).toMatchObject({ prefix: made.key.slice(0, 12), name: 'Stored once' });
    // Neither the key nor its hash in the audit log.
    const audit = await stack.db.query<{ entry: string }>(
      `select coalesce(before::text, '') || coalesce(after::text, '') as entry from public.audit_log
        where table_name = 'api_keys' and record_id = $1`,
      [made.id],
    );
    expect(audit.rows.length).toBe(1);
    expect(audit.rows[0]!.entry).not.toContain(made.key);
    expect(audit.rows[0]!.entry).not.toContain(sha256(made.key));
  });

  it('names its creator, for the keys list', async () => {
    const made = await create(owner1, 'Whose');
    const { data, error } = await owner1
      .from('api_keys')
      .select('name, created_by, creator:profiles(full_name)')
      .eq('id', made.id)
      .single();
    expect(error).toBeNull();
    expect(data?.created_by).toBe(DEMO.owner1.id);
    expect(data?.creator?.full_name).toBeTruthy();
  });
});

describe('revocation', () => {
  it('is stamped by the database and final', async () => {
    const made = await create(owner1, 'Revoke me');
    const { data } = await owner1
      .from('api_keys')
      .update({ revoked_at: '2000-01-01T00:00:00Z' })
      .eq('id', made.id)
      .select('revoked_at')
      .single();
    expect(Date.now() - new Date(data!.revoked_at!).getTime()).toBeLessThan(60_000);
    const restore = await owner1.from('api_keys').update({ revoked_at: null }).eq('id', made.id);
    expect(restore.error?.code).toBe('PT409');
    expect(restore.error?.hint).toBe('api_key_revoked');
    const backdate = await owner1.from('api_keys').update({ revoked_at: '2030-01-01T00:00:00Z' }).eq('id', made.id);
    expect(backdate.error?.hint).toBe('api_key_revoked');
    const svc = service(stack);
    const bySvc = await svc.from('api_keys').update({ revoked_at: null }).eq('id', made.id);
    expect(bySvc.error?.hint).toBe('api_key_revoked');
    expect((await svc.rpc('api_authenticate', { key_hash: sha256(made.key) })).error?.hint).toBe('api_key_invalid');
  });
});

describe('the public API functions', () => {
  const hash = sha256('nzl_x');
  const calls = [
    ['api_authenticate', { key_hash: hash }],
    ['api_units', { key_hash: hash }],
    ['api_unit', { key_hash: hash, unit_id: ORG2 }],
    ['api_unit_availability', { key_hash: hash, unit_id: ORG2, from_date: '2026-01-01', to_date: '2026-01-02' }],
    ['api_bookings', { key_hash: hash }],
    ['api_booking', { key_hash: hash, booking_id: ORG2 }],
    ['api_create_booking', { key_hash: hash, booking: {} }],
    ['api_clients', { key_hash: hash }],
    ['api_client', { key_hash: hash, client_id: ORG2 }],
    ['api_create_client', { key_hash: hash, client: {} }],
  ] as const;

  it('are refused to visitors and signed-in staff, whatever key hash they bring', async () => {
    const key = await create(owner1, 'Not for browsers');
    for (const [name, args] of calls) {
      for (const [who, db] of [
        ['anon', anon(stack)],
        ['owner1', owner1],
      ] as const) {
        const withRealHash = { ...args, key_hash: sha256(key.key) };
        const { error } = await db.rpc(name as 'api_units', withRealHash as never);
        expect(error?.code, `${who} ${name}`).toMatch(/^(42501|PGRST202)$/);
      }
    }
  });

  it('answer the service role 401 for a key that does not exist', async () => {
    const svc = service(stack);
    for (const [name, args] of calls) {
      const { error } = await svc.rpc(name as 'api_units', args as never);
      expect(error?.code, name).toBe('PT401');
      expect(error?.hint, name).toBe('api_key_invalid');
    }
  });

  it('stamp last_used_at without filling the audit log', async () => {
    const made = await create(owner1, 'Quiet');
    const count = async () =>
      (
        await stack.db.query<{ n: number }>(
          `select count(*)::int as n from public.audit_log where table_name = 'api_keys' and record_id = $1`,
          [made.id],
        )
      ).rows[0]!.n;
    const before = await count();
    const svc = service(stack);
    const { data, error } = await svc.rpc('api_authenticate', { key_hash: sha256(made.key) });
    expect(error).toBeNull();
    expect(data).toMatchObject({ allowed: true, limit: 60, remaining: 59 });
    const { rows } = await stack.db.query<{ last_used_at: Date | null }>(
      `select last_used_at from public.api_keys where id = $1`,
      [made.id],
    );
    expect(rows[0]!.last_used_at).not.toBeNull();
    expect(await count()).toBe(before);
  });
});
