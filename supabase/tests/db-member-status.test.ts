/**
 * Deactivate and reactivate (issue 14, Users): an inactive member keeps their history (profile,
 * role, the rows they made) but reads and writes nothing of the organisation — the tenancy helpers
 * (current_org_id, has_permission, readable_org_ids) treat an inactive membership as none — and
 * regains it all when reactivated. Only holders of users.manage who could grant every role of the
 * person switch them; the owner stays; the last administrator can be neither deactivated, removed
 * nor demoted: 409 `last_admin`.
 *
 * Through supabase-js as the owner, staff of each kind, the deactivated member and the other
 * organisation's owner.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, anon, newStaff, newUser, service, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  svc = service(stack);
});
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

const setStatus = (client: Db, userId: string, status: 'active' | 'inactive') =>
  client.from('profiles').update({ status }).eq('user_id', userId).select('status');

/** Every table of public the Data API exposes to signed-in users. */
async function publicTables(): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'v') and has_table_privilege('authenticated', c.oid, 'select')
    order by 1`);
  return rows.map((r) => r.name);
}

/** The tables where `client` sees at least one row, with the count. */
async function visible(client: Db, tables: string[]): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const table of tables) {
    const { count } = await client.from(table as 'units').select('*', { count: 'exact', head: true });
    if (count) seen[table] = count;
  }
  return seen;
}

describe('an inactive member reads and writes nothing of the organisation', () => {
  it('while inactive: no table, no permission, no write, no list; reactivated: everything back', async () => {
    const manager = await newStaff(stack, { org: ORG1, roleKey: 'manager', name: 'Switched Off' });
    const tables = await publicTables();
    const before = await visible(manager.client, tables);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['units', 'bookings', 'clients', 'invoices', 'tasks']));

    const { data: off, status } = await setStatus(owner1, manager.id, 'inactive');
    expect(status).toBe(200);
    expect(off).toEqual([{ status: 'inactive' }]);

    // History stays: the profile and the role assignment are there (the person reads only their own).
    const seen = await visible(manager.client, tables);
    const ownOnly = Object.fromEntries(
      // The permission catalogue (names like 'units.read') is the same for every signed-in user.
      Object.entries(seen).filter(([table]) => !['profiles', 'user_roles', 'permissions'].includes(table)),
    );
    // Whatever visitors may read of enabled public sites is all that is left.
    const visitorView = await visible(anon(stack), Object.keys(ownOnly));
    expect(ownOnly).toEqual(visitorView);
    expect(seen.profiles).toBe(1);
    expect(seen.user_roles).toBe(1);

    expect((await manager.client.rpc('my_permissions')).data).toEqual([]);
    const write = await manager.client
      .from('clients')
      .insert({ name: 'Ghost', phone: '+966551112233', national_id: '1012345678' });
    expect(write.error?.code).toBe('42501');
    const update = await manager.client
      .from('units')
      .update({ name: 'Renamed' })
      .eq('organization_id', ORG1)
      .select('id');
    expect(update.data ?? []).toEqual([]);
    expect((await manager.client.rpc('dashboard_overview')).error).not.toBeNull();
    expect((await manager.client.rpc('team_members', {})).error?.hint).toBe('organization_access_required');
    // Their own profile is kept, and they cannot switch themselves back on.
    expect((await setStatus(manager.client, manager.id, 'active')).error?.hint).toBe('users_manage_required');

    const { data: on } = await setStatus(owner1, manager.id, 'active');
    expect(on).toEqual([{ status: 'active' }]);
    expect(await visible(manager.client, tables)).toEqual(before);
    expect((await manager.client.rpc('my_permissions')).data).toContain('bookings.write');
  });

  it('only holders of users.manage switch people, and only people whose roles they could grant', async () => {
    const target = await newStaff(stack, { org: ORG1, roleKey: 'member', name: 'Target' });
    const member1 = await signInDemo(stack, 'member1');
    // Without users.manage the row is not even theirs to update.
    expect((await setStatus(member1, target.id, 'inactive')).data).toEqual([]);
    const hr = await newStaff(stack, { org: ORG1, name: 'HR', permissions: ['users.manage'] });
    expect((await setStatus(hr.client, target.id, 'inactive')).error?.hint).toBe('user_manage_forbidden');
    // The owner is also organisation 1's only administrator: that answer comes first.
    expect((await setStatus(hr.client, DEMO.owner1.id, 'inactive')).error?.hint).toBe('last_admin');
    // The other organisation's owner changes nothing.
    expect((await setStatus(owner2, target.id, 'inactive')).data).toEqual([]);
    const { data } = await svc.from('profiles').select('status').eq('user_id', target.id).single().throwOnError();
    expect(data.status).toBe('active');
  });
});

describe('the last administrator', () => {
  async function newOrganization() {
    const founder = await newUser(stack, 'Founder');
    const slug = `last-${randomUUID().slice(0, 8)}`;
    const { data: org } = await founder.client
      .rpc('create_organization', { name: 'Last Admin Stays', slug })
      .throwOnError();
    // Unlimited seats: this is about administrators, not the plan.
    await svc.from('organizations').update({ subscription_plan: 'enterprise' }).eq('id', org!.id).throwOnError();
    const { data: adminRole } = await founder.client
      .from('roles')
      .select('id')
      .eq('key', 'admin')
      .single()
      .throwOnError();
    return { founder, org: org!.id, adminRole: adminRole.id };
  }

  it('cannot be deactivated or demoted: 409 with a clear message', async () => {
    const { founder, adminRole } = await newOrganization();
    const off = await setStatus(founder.client, founder.id, 'inactive');
    expect(off.status).toBe(409);
    expect(off.error).toMatchObject({
      code: 'PT409',
      hint: 'last_admin',
      message: 'An organization must keep at least one administrator',
    });
    const demote = await founder.client.from('user_roles').delete().eq('user_id', founder.id).eq('role_id', adminRole);
    expect(demote.status).toBe(409);
    expect(demote.error?.hint).toBe('last_admin');
    const { data } = await svc.from('profiles').select('status').eq('user_id', founder.id).single().throwOnError();
    expect(data.status).toBe('active');
  });

  it('with a second administrator: the owner still stays; the other admin can be demoted, deactivated and removed', async () => {
    const { founder, org, adminRole } = await newOrganization();
    const second = await newStaff(stack, { org, roleKey: 'admin', name: 'Second Admin' });
    // The owner is never the one to go.
    expect((await setStatus(second.client, founder.id, 'inactive')).error?.hint).toBe('owner_protected');
    expect((await second.client.from('profiles').delete().eq('user_id', founder.id)).error?.hint).toBe(
      'owner_protected',
    );
    expect(
      (await founder.client.from('user_roles').delete().eq('user_id', founder.id).eq('role_id', adminRole)).error?.hint,
    ).toBe('owner_admin');
    // The second administrator: switched off and on, then removed.
    expect((await setStatus(founder.client, second.id, 'inactive')).data).toEqual([{ status: 'inactive' }]);
    expect((await setStatus(founder.client, second.id, 'active')).data).toEqual([{ status: 'active' }]);
    const removed = await founder.client.from('profiles').delete().eq('user_id', second.id).select('user_id');
    expect(removed.data).toEqual([{ user_id: second.id }]);
    // Alone again: the founder is the last administrator once more.
    expect((await setStatus(founder.client, founder.id, 'inactive')).error?.hint).toBe('last_admin');
  });
});
