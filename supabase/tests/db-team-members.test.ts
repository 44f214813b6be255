/**
 * The Users screen's list (issue 14): team_members() gives holders of users.manage their own
 * organisation's members — name, e-mail, phone, roles, language, status and the last sign-in the
 * auth service stamps at every sign-in — with pending invitations, searched, filtered and paged;
 * invitable_roles() the roles each caller may hand out. Nobody else reads it: a team member
 * without users.manage, the other organisation's owner (only their own people), a visitor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, anon, newStaff, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;

interface Row {
  kind: 'member' | 'invitation';
  id: string;
  user_id: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  language: string;
  status: string;
  last_login_at: string | null;
  is_owner: boolean;
  is_self: boolean;
  manageable: boolean;
  roles: { id: string; key: string | null; name: string }[];
  expires_at: string | null;
  invited_by_name: string | null;
}
interface Page {
  total: number;
  rows: Row[];
  seats: { limit: number | null; used: number };
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
});
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

async function list(client: Db, args: Record<string, unknown> = {}): Promise<Page> {
  const { data, error } = await client.rpc('team_members', args);
  if (error) throw new Error(`team_members: ${error.message} (${error.hint})`);
  return data as unknown as Page;
}

describe('team_members', () => {
  it('lists the organisation’s people and pending invitations with every column of the screen', async () => {
    const page = await list(owner1);
    const owner = page.rows.find((r) => r.user_id === DEMO.owner1.id)!;
    expect(owner).toMatchObject({
      kind: 'member',
      full_name: 'Abdullah Al-Qahtani',
      email: 'abdullah@demo.nuzl.example',
      phone: '+966500000001',
      language: 'ar',
      status: 'active',
      is_owner: true,
      is_self: true,
      manageable: true,
      roles: [{ key: 'admin', name: 'Administrator' }],
    });
    expect(page.rows.find((r) => r.user_id === DEMO.member1.id)).toMatchObject({
      full_name: 'Faisal Al-Otaibi',
      language: 'en',
      is_owner: false,
      roles: [{ key: 'member', name: 'Team Member' }],
    });
    expect(page.rows.find((r) => r.kind === 'invitation')).toMatchObject({
      email: 'sara.alghamdi@demo.nuzl.example',
      status: 'pending',
      user_id: null,
      roles: [{ key: 'manager', name: 'Manager' }],
      invited_by_name: 'Abdullah Al-Qahtani',
      manageable: true,
    });
    expect(page.total).toBe(page.rows.length);
    // Nobody of the other organisation.
    expect(page.rows.some((r) => r.user_id === DEMO.owner2.id)).toBe(false);
    expect(page.seats).toEqual({ limit: null, used: page.rows.length });
  });

  it('last login is the auth service’s, kept current at every sign-in', async () => {
    const before = (await list(owner1)).rows.find((r) => r.user_id === DEMO.member1.id)!.last_login_at!;
    // The seed says five hours ago; signing in now stamps auth.users.last_sign_in_at.
    expect(Date.now() - new Date(before).getTime()).toBeGreaterThan(4 * 3_600_000);
    const start = Date.now();
    await signInDemo(stack, 'member1');
    const after = (await list(owner1)).rows.find((r) => r.user_id === DEMO.member1.id)!.last_login_at!;
    expect(new Date(after).getTime()).toBeGreaterThanOrEqual(start - 1000);

    const staff = await newStaff(stack, { org: ORG1, roleKey: 'member', name: 'Fresh Login' });
    const row = (await list(owner1, { search: 'Fresh Login' })).rows[0]!;
    expect(row.user_id).toBe(staff.id);
    expect(new Date(row.last_login_at!).getTime()).toBeGreaterThanOrEqual(start - 1000);
  });

  it('searches name, e-mail, phone (a local number too) and role; filters by status; pages', async () => {
    const names = async (args: Record<string, unknown>) =>
      (await list(owner1, args)).rows.map((r) => r.full_name ?? r.email);
    expect(await names({ search: 'faisal' })).toEqual(['Faisal Al-Otaibi']);
    expect(await names({ search: 'ABDULLAH@demo' })).toEqual(['Abdullah Al-Qahtani']);
    expect(await names({ search: '0500000003' })).toEqual(['Faisal Al-Otaibi']);
    expect(await names({ search: 'team member' })).toContain('Faisal Al-Otaibi');
    expect(await names({ search: '100%_' })).toEqual([]);
    expect(await names({ status: 'pending' })).toEqual(['sara.alghamdi@demo.nuzl.example']);
    expect((await list(owner1, { status: 'inactive' })).rows.every((r) => r.status === 'inactive')).toBe(true);
    const all = await list(owner1);
    const second = await list(owner1, { page_limit: 1, page_offset: 1 });
    expect(second.total).toBe(all.total);
    expect(second.rows.map((r) => r.id)).toEqual([all.rows[1]!.id]);
    const bad = await owner1.rpc('team_members', { status: 'everyone' });
    expect(bad.error).toMatchObject({ code: '22023', hint: 'team_filter_invalid' });
  });

  it('is for holders of users.manage in their own organisation only', async () => {
    const member1 = await signInDemo(stack, 'member1');
    const refused = await member1.rpc('team_members', {});
    expect(refused.error).toMatchObject({ code: '42501', hint: 'users_manage_required' });
    // The attacker sees their own people, never organisation 1's.
    const theirs = await list(owner2);
    expect(theirs.rows.map((r) => r.user_id)).toContain(DEMO.owner2.id);
    expect(theirs.rows.some((r) => r.user_id === DEMO.owner1.id || r.email?.includes('demo.nuzl'))).toBe(false);
    expect((await anon(stack).rpc('team_members', {})).error?.code).toBe('42501');
    // auth.users stays unexposed.
    const signedIn = stack.client({ accessToken: await stack.userToken({ sub: DEMO.owner1.id }) });
    expect((await signedIn.schema('auth').from('users').select('id')).error).not.toBeNull();
  });

  it('says which rows the caller may manage: a users.manage holder without admin rights may not touch an admin', async () => {
    const hr = await newStaff(stack, {
      org: ORG1,
      name: 'People Lead',
      permissions: [
        'users.manage',
        'units.read',
        'clients.read',
        'clients.write',
        'bookings.read',
        'bookings.write',
        'tasks.read',
        'tasks.write',
        'vendors.read',
        'locks.read',
        'messages.read',
        'messages.write',
      ],
    });
    const page = await list(hr.client);
    expect(page.rows.find((r) => r.user_id === DEMO.owner1.id)!.manageable).toBe(false);
    expect(page.rows.find((r) => r.user_id === DEMO.member1.id)!.manageable).toBe(true);
    // The pending manager invitation is beyond them (manager holds permissions they lack).
    expect(page.rows.find((r) => r.kind === 'invitation' && r.roles[0]!.key === 'manager')!.manageable).toBe(false);

    const { data: roles } = await hr.client.rpc('invitable_roles').throwOnError();
    const grantable = Object.fromEntries(roles!.map((r) => [r.key ?? r.name, r.grantable]));
    expect(grantable).toMatchObject({ admin: false, manager: false, member: true, Accountant: false });
    const { data: ownerRoles } = await owner1.rpc('invitable_roles').throwOnError();
    expect(ownerRoles!.slice(0, 3).map((r) => r.key)).toEqual(['admin', 'manager', 'member']);
    expect(ownerRoles!.every((r) => r.grantable)).toBe(true);
    const member1 = await signInDemo(stack, 'member1');
    expect((await member1.rpc('invitable_roles')).data).toEqual([]);
  });
});
