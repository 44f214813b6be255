/**
 * Issue 10, items 1, 2 and 4, through supabase-js as real users of organisation 1: the owner, a
 * second administrator, a non-admin holder of users.manage, a non-admin holder of roles.manage, a
 * team member, an anonymous sign-in, and the owner of organisation 2 as the attacker.
 *
 *  1. Nobody grants, by inviting, re-targeting or re-dating an invitation, or at accept time, a
 *     role whose permissions they do not hold; the administrator role only by administrators.
 *  2. Nobody puts into a role, or assigns (to themselves or anyone), more than they hold; they
 *     manage (rename, delete, revoke, deactivate, remove) only what they could grant; the owner
 *     and the last administrator stay.
 *  4. Claiming an organisation and its address needs a real, verified account.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, newStaff, newUser, service, signInDemo, typed, type Db } from './fixtures/db-accounts';

/** The member role's permissions (20261122000600_roles_and_permissions.sql). */
const MEMBER_PERMISSIONS = [
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
];
const ACCOUNTANT = '30000000-0000-4000-8000-000000000001'; // seeded custom role of org 1 (invoices, payments…)

let stack: TestStack;
let svc: Db;
let owner1: Db;
let owner2: Db;
let member1: Db;
/** Non-admin: the member's permissions plus users.manage. */
let userManager: { id: string; client: Db; roleId: string };
/** Non-admin: roles.manage plus a few task permissions. */
let roleManager: { id: string; client: Db; roleId: string };
/** A second administrator (not the owner). */
let admin2: { id: string; client: Db; roleId: string };
const role: Record<'admin' | 'manager' | 'member', string> = { admin: '', manager: '', member: '' };

const address = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@test.nuzl.example`;
const sorted = (list: string[] | null | undefined) => [...(list ?? [])].sort();

beforeAll(async () => {
  stack = await createTestStack({ seed: true, anonymousSignIns: true });
  svc = service(stack);
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  userManager = await newStaff(stack, {
    org: ORG1,
    permissions: [...MEMBER_PERMISSIONS, 'users.manage'],
    name: 'User Manager',
  });
  roleManager = await newStaff(stack, {
    org: ORG1,
    permissions: ['roles.manage', 'tasks.read', 'tasks.write', 'units.read'],
    name: 'Role Manager',
  });
  admin2 = await newStaff(stack, { org: ORG1, roleKey: 'admin', name: 'Second Admin' });
  const { data: builtIn } = await svc
    .from('roles')
    .select('id, key')
    .eq('organization_id', ORG1)
    .not('key', 'is', null)
    .throwOnError();
  for (const r of builtIn) role[r.key as keyof typeof role] = r.id;
});
afterAll(() => stack?.stop());

async function invitationOf(id: string) {
  const { data } = await svc.from('invitations').select('*').eq('id', id).single().throwOnError();
  return data;
}

/** A custom role of org 1 made by the owner (an administrator may grant anything). */
async function ownerRole(name: string, permissions: string[]): Promise<string> {
  const { data } = await owner1
    .from('roles')
    .insert({ name: `${name} ${randomUUID().slice(0, 6)}` })
    .select('id')
    .single()
    .throwOnError();
  if (permissions.length > 0) {
    await owner1
      .from('role_permissions')
      .insert(permissions.map((permission) => ({ role_id: data.id, permission })))
      .throwOnError();
  }
  return data.id;
}

describe('1. invitations grant only what the inviter holds', () => {
  it('re-targeting a member invitation to the administrator (or any role beyond the inviter) is refused; the invitee joins as a member', async () => {
    const email = address('retarget');
    const { data: inv } = await userManager.client
      .from('invitations')
      .insert({ email, role_id: role.member })
      .select('id, token, invited_by')
      .single()
      .throwOnError();
    expect(inv.invited_by).toBe(userManager.id);

    const toAdmin = await userManager.client
      .from('invitations')
      .update({ role_id: role.admin })
      .eq('id', inv.id)
      .select();
    expect(toAdmin.error?.hint).toBe('admin_role_required');
    expect(toAdmin.error?.code).toBe('42501');
    expect(toAdmin.status).toBe(403);
    for (const target of [role.manager, ACCOUNTANT]) {
      const refused = await userManager.client
        .from('invitations')
        .update({ role_id: target })
        .eq('id', inv.id)
        .select();
      expect(refused.error?.hint).toBe('role_grant_forbidden');
      expect(refused.status).toBe(403);
    }
    expect((await invitationOf(inv.id)).role_id).toBe(role.member);

    const invitee = await newUser(stack, 'Invited Member', email);
    const accepted = await invitee.client.rpc('accept_invitation', { token: inv.token });
    expect(accepted.error).toBeNull();
    const { data: roles } = await svc.from('user_roles').select('role_id').eq('user_id', invitee.id);
    expect(roles!.map((r) => r.role_id)).toEqual([role.member]);
    expect(sorted((await invitee.client.rpc('my_permissions')).data)).toEqual(sorted(MEMBER_PERMISSIONS));
  });

  it('an invitation is created only for a role whose permissions the inviter holds; the database names the inviter and makes the token', async () => {
    for (const [target, hint] of [
      [role.admin, 'admin_role_required'],
      [role.manager, 'role_grant_forbidden'],
      [ACCOUNTANT, 'role_grant_forbidden'],
    ] as const) {
      const refused = await userManager.client
        .from('invitations')
        .insert({ email: address('beyond'), role_id: target });
      expect(refused.error?.hint, target).toBe(hint);
      expect(refused.status, target).toBe(403);
    }
    // A role within the inviter's own permissions is fine.
    const helper = await ownerRole('Helper', ['tasks.read', 'tasks.write']);
    const fine = await userManager.client.from('invitations').insert({ email: address('helper'), role_id: helper });
    expect(fine.error).toBeNull();

    // Forged bookkeeping is replaced: the inviter is the caller, the token is the database's, it starts pending.
    const { data: forged } = await userManager.client
      .from('invitations')
      .insert({
        email: address('forged'),
        role_id: role.member,
        invited_by: DEMO.owner1.id,
        token: 'chosen-by-the-client',
        status: 'accepted',
        accepted_by: DEMO.owner1.id,
        accepted_at: new Date().toISOString(),
      })
      .select('id, invited_by, token, status, accepted_by, accepted_at')
      .single()
      .throwOnError();
    expect(forged).toMatchObject({
      invited_by: userManager.id,
      status: 'pending',
      accepted_by: null,
      accepted_at: null,
    });
    expect(forged.token).toMatch(/^[0-9a-f]{64}$/);

    // At most 30 days, and in the future.
    for (const days of [365, -1]) {
      const refused = await owner1.from('invitations').insert({
        email: address('dated'),
        role_id: role.member,
        expires_at: new Date(Date.now() + days * 86_400_000).toISOString(),
      });
      expect(refused.error?.hint, `${days} days`).toBe('invitation_expiry_invalid');
    }

    // The attacker: not into organisation 1, not with organisation 1's roles.
    const intoOrg1 = await owner2
      .from('invitations')
      .insert({ organization_id: ORG1, email: address('x-org'), role_id: role.member });
    expect(intoOrg1.error).not.toBeNull();
    const foreignRole = await owner2.from('invitations').insert({ email: address('x-role'), role_id: role.admin });
    expect(foreignRole.error).not.toBeNull();
    const retarget = await owner2.from('invitations').update({ role_id: role.admin }).eq('id', forged.id).select();
    expect(retarget.data ?? []).toEqual([]);
    expect((await invitationOf(forged.id)).role_id).toBe(role.member);
  });

  it('only a pending invitation changes: it is revoked by anyone who manages users, re-dated (re-issued) only by who may grant its role, never revived', async () => {
    const { data: byOwner } = await owner1
      .from('invitations')
      .insert({ email: address('manager'), role_id: role.manager })
      .select('id')
      .single()
      .throwOnError();
    const later = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const redate = await userManager.client
      .from('invitations')
      .update({ expires_at: later })
      .eq('id', byOwner.id)
      .select();
    expect(redate.error?.hint).toBe('role_grant_forbidden');

    const revoke = await userManager.client
      .from('invitations')
      .update({ status: 'revoked' })
      .eq('id', byOwner.id)
      .select('status')
      .single();
    expect(revoke.error).toBeNull();
    expect(revoke.data!.status).toBe('revoked');
    for (const change of [{ status: 'pending' as const }, { expires_at: later }, { role_id: role.member }]) {
      const revive = await owner1.from('invitations').update(change).eq('id', byOwner.id).select();
      expect(revive.error?.hint, JSON.stringify(change)).toBe('invitation_not_pending');
    }
    expect((await invitationOf(byOwner.id)).status).toBe('revoked');

    const { data: open } = await owner1
      .from('invitations')
      .insert({ email: address('open'), role_id: role.member })
      .select('id')
      .single()
      .throwOnError();
    const accept = await owner1.from('invitations').update({ status: 'accepted' }).eq('id', open.id).select();
    expect(accept.error?.hint).toBe('invitation_status_forbidden');
    // Re-dating is re-issuing: the one who re-dates becomes the inviter.
    const { data: redated } = await userManager.client
      .from('invitations')
      .update({ expires_at: later })
      .eq('id', open.id)
      .select('invited_by')
      .single()
      .throwOnError();
    expect(redated.invited_by).toBe(userManager.id);
  });

  it('re-dating a lapsed invitation takes a seat again, within the plan', async () => {
    const basic = await newUser(stack, 'Basic Owner');
    const { data: org } = await basic.client
      .rpc('create_organization', { name: 'Basic Seats', slug: `seats-${randomUUID().slice(0, 8)}` })
      .throwOnError();
    const { data: memberRole } = await basic.client
      .from('roles')
      .select('id')
      .eq('key', 'member')
      .single()
      .throwOnError();
    // A lapsed invitation (set up by the service role, on a plan with room): it no longer takes
    // the Basic plan's only seat, which the owner holds.
    await svc.from('organizations').update({ subscription_plan: 'advanced' }).eq('id', org.id).throwOnError();
    const { data: lapsed } = await svc
      .from('invitations')
      .insert({
        organization_id: org.id,
        email: address('lapsed'),
        role_id: memberRole.id,
        expires_at: new Date(Date.now() - 86_400_000).toISOString(),
      })
      .select('id')
      .single()
      .throwOnError();
    await svc.from('organizations').update({ subscription_plan: 'basic' }).eq('id', org.id).throwOnError();
    const revive = await basic.client
      .from('invitations')
      .update({ expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .eq('id', lapsed.id)
      .select();
    expect(revive.error?.hint).toBe('plan_limit_users');
  });

  it('accepting re-checks that the inviter may still grant the role: not after the role gained a permission, nor after the inviter lost users.manage', async () => {
    const nightShift = await ownerRole('Night Shift', ['tasks.read']);
    const email = address('night');
    const { data: inv } = await userManager.client
      .from('invitations')
      .insert({ email, role_id: nightShift })
      .select('id, token')
      .single()
      .throwOnError();
    // The role now carries something the inviter does not hold.
    await owner1.from('role_permissions').insert({ role_id: nightShift, permission: 'invoices.read' }).throwOnError();
    const invitee = await newUser(stack, 'Night Person', email);
    const refused = await invitee.client.rpc('accept_invitation', { token: inv.token });
    expect(refused.error?.hint).toBe('invitation_not_grantable');
    expect(refused.error?.code).toBe('42501');
    expect((await invitationOf(inv.id)).status).toBe('pending');
    expect((await svc.from('profiles').select('id').eq('user_id', invitee.id)).data).toEqual([]);
    // An administrator re-issues it (re-dates it): now it is the administrator's grant.
    await owner1
      .from('invitations')
      .update({ expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString() })
      .eq('id', inv.id)
      .throwOnError();
    expect((await invitee.client.rpc('accept_invitation', { token: inv.token })).error).toBeNull();
    expect((await invitee.client.rpc('my_permissions')).data).toContain('invoices.read');

    // The inviter loses users.manage before the invitee accepts.
    const email2 = address('member');
    const { data: inv2 } = await userManager.client
      .from('invitations')
      .insert({ email: email2, role_id: role.member })
      .select('token')
      .single()
      .throwOnError();
    await owner1
      .from('role_permissions')
      .delete()
      .eq('role_id', userManager.roleId)
      .eq('permission', 'users.manage')
      .throwOnError();
    try {
      const invitee2 = await newUser(stack, 'Second Person', email2);
      expect((await invitee2.client.rpc('accept_invitation', { token: inv2.token })).error?.hint).toBe(
        'invitation_not_grantable',
      );
    } finally {
      await owner1
        .from('role_permissions')
        .insert({ role_id: userManager.roleId, permission: 'users.manage' })
        .throwOnError();
    }
  });
});

describe('2. roles hold and hand out only what their manager holds', () => {
  it('a roles.manage holder cannot put permissions they do not hold into a role, theirs included, nor take them out of one', async () => {
    const { data: everything } = await roleManager.client
      .from('roles')
      .insert({ name: `Everything ${randomUUID().slice(0, 6)}` })
      .select('id')
      .single()
      .throwOnError();
    const { data: catalogue } = await roleManager.client.from('permissions').select('key').throwOnError();
    expect(catalogue).toHaveLength(32);
    const all = await roleManager.client
      .from('role_permissions')
      .insert(catalogue.map((p) => ({ role_id: everything.id, permission: p.key })));
    expect(all.error?.hint).toBe('permission_grant_forbidden');
    expect(all.status).toBe(403);
    expect((await svc.from('role_permissions').select('permission').eq('role_id', everything.id)).data).toEqual([]);
    // What they hold, they may grant.
    await roleManager.client
      .from('role_permissions')
      .insert({ role_id: everything.id, permission: 'tasks.read' })
      .throwOnError();

    // Their own role: nothing new.
    const own = await roleManager.client
      .from('role_permissions')
      .insert({ role_id: roleManager.roleId, permission: 'api_keys.manage' });
    expect(own.error?.hint).toBe('permission_grant_forbidden');
    expect((await roleManager.client.rpc('create_api_key', { key_name: 'mine' })).error?.code).toBe('42501');

    // Others' roles: nothing they do not hold goes in or out; nor renamed or deleted.
    const strip = await roleManager.client
      .from('role_permissions')
      .delete()
      .eq('role_id', ACCOUNTANT)
      .eq('permission', 'invoices.write')
      .select();
    expect(strip.error?.hint).toBe('permission_grant_forbidden');
    const rename = await roleManager.client.from('roles').update({ name: 'Renamed' }).eq('id', ACCOUNTANT).select();
    expect(rename.error?.hint).toBe('role_grant_forbidden');
    const drop = await roleManager.client.from('roles').delete().eq('id', ACCOUNTANT).select();
    expect(drop.error?.hint).toBe('role_grant_forbidden');
    const { data: accountant } = await svc.from('roles').select('name').eq('id', ACCOUNTANT).single();
    expect(accountant!.name).toBe('Accountant');
    expect(
      (
        await svc
          .from('role_permissions')
          .select('permission')
          .eq('role_id', ACCOUNTANT)
          .eq('permission', 'invoices.write')
      ).data,
    ).toHaveLength(1);

    // A role entirely within their permissions: theirs to rename and delete.
    await roleManager.client
      .from('roles')
      .update({ name: `Tasks only ${randomUUID().slice(0, 6)}` })
      .eq('id', everything.id)
      .throwOnError();
    await roleManager.client.from('roles').delete().eq('id', everything.id).throwOnError();
    expect(sorted((await roleManager.client.rpc('my_permissions')).data)).toEqual(
      sorted(['roles.manage', 'tasks.read', 'tasks.write', 'units.read']),
    );
  });

  it('a roles.manage holder assigns (to anyone, themselves included), moves and revokes only roles within their permissions; administrators only by administrators', async () => {
    const finance = await ownerRole('Finance', ['invoices.read', 'invoices.write', 'payments.read']);
    for (const [target, hint] of [
      [finance, 'role_grant_forbidden'],
      [role.manager, 'role_grant_forbidden'],
      [role.member, 'role_grant_forbidden'],
      [role.admin, 'admin_role_required'],
    ] as const) {
      for (const user of [roleManager.id, DEMO.member1.id]) {
        const refused = await roleManager.client.from('user_roles').insert({ user_id: user, role_id: target });
        expect(refused.error?.hint, `${target} → ${user}`).toBe(hint);
        expect(refused.status).toBe(403);
      }
    }
    // Within their permissions: fine.
    const { data: tasksRole } = await roleManager.client
      .from('roles')
      .insert({ name: `Tasks ${randomUUID().slice(0, 6)}` })
      .select('id')
      .single()
      .throwOnError();
    await roleManager.client
      .from('role_permissions')
      .insert({ role_id: tasksRole.id, permission: 'tasks.write' })
      .throwOnError();
    const { data: assigned } = await roleManager.client
      .from('user_roles')
      .insert({ user_id: DEMO.member1.id, role_id: tasksRole.id, assigned_by: DEMO.owner1.id })
      .select('id, assigned_by')
      .single()
      .throwOnError();
    expect(assigned.assigned_by).toBe(roleManager.id);

    // Moving an assignment to another role, or another person's role to oneself.
    const upgrade = await roleManager.client
      .from('user_roles')
      .update({ role_id: finance })
      .eq('id', assigned.id)
      .select();
    expect(upgrade.error?.hint).toBe('role_grant_forbidden');
    const { data: financeOfMember } = await owner1
      .from('user_roles')
      .insert({ user_id: DEMO.member1.id, role_id: finance })
      .select('id')
      .single()
      .throwOnError();
    const takeOver = await roleManager.client
      .from('user_roles')
      .update({ user_id: roleManager.id })
      .eq('id', financeOfMember.id)
      .select();
    expect(takeOver.error?.hint).toBe('role_grant_forbidden');

    // Revoking what they could not grant: an administrator's role, a role beyond them.
    const demote = await roleManager.client
      .from('user_roles')
      .delete()
      .eq('user_id', admin2.id)
      .eq('role_id', role.admin)
      .select();
    expect(demote.error?.hint).toBe('admin_role_required');
    const revoke = await roleManager.client.from('user_roles').delete().eq('id', financeOfMember.id).select();
    expect(revoke.error?.hint).toBe('role_grant_forbidden');
    expect((await svc.from('user_roles').select('id').in('id', [financeOfMember.id])).data).toHaveLength(1);
    // Their own grant they may take back.
    await roleManager.client.from('user_roles').delete().eq('id', assigned.id).throwOnError();

    expect(sorted((await roleManager.client.rpc('my_permissions')).data)).toEqual(
      sorted(['roles.manage', 'tasks.read', 'tasks.write', 'units.read']),
    );
    // The attacker cannot assign into organisation 1 at all.
    const cross = await owner2
      .from('user_roles')
      .insert({ organization_id: ORG1, user_id: DEMO.owner2.id, role_id: role.admin });
    expect(cross.error).not.toBeNull();
    await owner1.from('user_roles').delete().eq('id', financeOfMember.id).throwOnError();
  });

  it('users are deactivated or removed only by someone who could grant all their roles; the owner stays', async () => {
    const off = await userManager.client
      .from('profiles')
      .update({ status: 'inactive' })
      .eq('user_id', admin2.id)
      .select();
    expect(off.error?.hint).toBe('user_manage_forbidden');
    expect(off.status).toBe(403);
    const gone = await userManager.client.from('profiles').delete().eq('user_id', admin2.id).select();
    expect(gone.error?.hint).toBe('user_manage_forbidden');
    // A member is within the user manager's reach.
    await userManager.client
      .from('profiles')
      .update({ status: 'inactive' })
      .eq('user_id', DEMO.member1.id)
      .throwOnError();
    await userManager.client
      .from('profiles')
      .update({ status: 'active' })
      .eq('user_id', DEMO.member1.id)
      .throwOnError();
    expect((await member1.rpc('my_permissions')).data).toContain('bookings.write');

    // Another administrator cannot deactivate or remove the owner either.
    const ownerOff = await admin2.client
      .from('profiles')
      .update({ status: 'inactive' })
      .eq('user_id', DEMO.owner1.id)
      .select();
    expect(ownerOff.error?.hint).toBe('owner_protected');
    for (const who of [admin2.client, userManager.client]) {
      const ownerGone = await who.from('profiles').delete().eq('user_id', DEMO.owner1.id).select();
      expect(ownerGone.error?.hint).toMatch(/^(owner_protected|user_manage_forbidden)$/);
    }
    const { data: owner } = await svc.from('profiles').select('status').eq('user_id', DEMO.owner1.id).single();
    expect(owner!.status).toBe('active');
    const { data: admins } = await svc.from('user_roles').select('user_id').eq('role_id', role.admin);
    expect(admins!.map((a) => a.user_id)).toEqual(expect.arrayContaining([DEMO.owner1.id, admin2.id]));
  });
});

describe('4. an organisation needs a real, verified account', () => {
  it('an anonymous sign-in cannot create an organisation, claim its address, or join one', async () => {
    const visitor = stack.client();
    const { data: session, error } = await visitor.auth.signInAnonymously();
    expect(error).toBeNull();
    expect(session.user!.is_anonymous).toBe(true);
    const anonymousUser = typed(stack.client({ accessToken: session.session!.access_token }));
    const slug = `anon-${randomUUID().slice(0, 8)}`;
    const refused = await anonymousUser.rpc('create_organization', { name: 'Anonymous Co', slug });
    expect(refused.error?.hint).toBe('verified_account_required');
    expect(refused.error?.code).toBe('42501');
    expect(refused.status).toBe(403);
    expect((await svc.from('organizations').select('id').eq('slug', slug)).data).toEqual([]);
    expect((await svc.from('profiles').select('id').eq('user_id', session.user!.id)).data).toEqual([]);
    // No other door: no direct insert, no invitation (those are for a verified e-mail).
    const direct = await anonymousUser.from('organizations').insert({ name: 'Anonymous Co', slug });
    expect(direct.error).not.toBeNull();
    const { data: inv } = await owner1
      .from('invitations')
      .insert({ email: address('anon'), role_id: role.member })
      .select('token')
      .single()
      .throwOnError();
    expect((await anonymousUser.rpc('accept_invitation', { token: inv.token })).error?.code).toBe('42501');
  });

  it('an account with neither a confirmed e-mail nor a confirmed phone cannot; a verified one can', async () => {
    const email = address('unconfirmed');
    const created = await stack
      .client('service_role')
      .auth.admin.createUser({ email, password: `pw-${randomUUID()}`, email_confirm: false });
    expect(created.error).toBeNull();
    const token = await stack.userToken({ sub: created.data.user!.id, email });
    const slug = `unconfirmed-${randomUUID().slice(0, 8)}`;
    const refused = await typed(stack.client({ accessToken: token })).rpc('create_organization', {
      name: 'Unconfirmed Co',
      slug,
    });
    expect(refused.error?.hint).toBe('verified_account_required');
    expect((await svc.from('organizations').select('id').eq('slug', slug)).data).toEqual([]);

    const verified = await newUser(stack, 'Verified Owner');
    const made = await verified.client.rpc('create_organization', { name: 'Verified Co', slug });
    expect(made.error).toBeNull();
    expect(made.data!.owner_id).toBe(verified.id);
  });
});
