/**
 * Three rules the database now enforces, not only the UI:
 *  - create_organization(): a normal user starts on the Basic plan; only the super
 *    administrator (app_metadata.role) may create an organisation on another plan;
 *  - accept_invitation(): the token works only for the account whose verified e-mail is the
 *    invited address (case-insensitive), not for whoever holds the link;
 *  - vendor users read no unit rows (lock ids, prices…); vendor_tasks() carries the unit's
 *    name, address, city, coordinates and check-in/out times their work needs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, SPARKLE_VENDOR, newUser, service, signInDemo, typed, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  svc = service(stack);
});
afterAll(() => stack?.stop());

const slugOf = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

describe('plan at creation', () => {
  it('a normal user creates on the Basic plan only', async () => {
    const u = await newUser(stack, 'Plan Chooser');
    for (const plan of ['advanced', 'enterprise'] as const) {
      const refused = await u.client.rpc('create_organization', {
        name: 'Big Plans',
        slug: slugOf('big'),
        subscription_plan: plan,
      });
      expect(refused.error?.hint, plan).toBe('plan_not_allowed');
      expect(refused.error?.message).toBe(
        'New organizations start on the Basic plan; other plans are chosen through billing',
      );
    }
    // Nothing was left behind by the refusals.
    expect((await svc.from('profiles').select('user_id').eq('user_id', u.id)).data).toEqual([]);
    const { data: org, error } = await u.client.rpc('create_organization', {
      name: 'Small Start',
      slug: slugOf('small'),
      subscription_plan: 'basic',
    });
    expect(error).toBeNull();
    expect(org!.subscription_plan).toBe('basic');
    const other = await newUser(stack, 'Default Plan');
    const byDefault = await other.client.rpc('create_organization', { name: 'Default', slug: slugOf('default') });
    expect(byDefault.error).toBeNull();
    expect(byDefault.data!.subscription_plan).toBe('basic');
  });

  it('the super administrator (app_metadata) may create an organisation on any plan', async () => {
    const email = `sa-${randomUUID().slice(0, 8)}@test.nuzl.example`;
    const password = `pw-${randomUUID()}`;
    const created = await stack.client('service_role').auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      app_metadata: { role: 'super_admin' },
    });
    expect(created.error).toBeNull();
    const { data: session, error: signInError } = await stack
      .client('anon')
      .auth.signInWithPassword({ email, password });
    expect(signInError).toBeNull();
    const admin = typed(stack.client({ accessToken: session.session!.access_token }));
    const { data: org, error } = await admin.rpc('create_organization', {
      name: 'Platform Client',
      slug: slugOf('platform'),
      subscription_plan: 'enterprise',
    });
    expect(error).toBeNull();
    expect(org!.subscription_plan).toBe('enterprise');
    // A user_metadata claim is not the super administrator's (users can write user_metadata).
    const pretender = await newUser(stack, 'Pretender');
    const token = await stack.userToken({
      sub: pretender.id,
      email: pretender.email,
      user_metadata: { role: 'super_admin' },
    });
    const refused = await typed(stack.client({ accessToken: token })).rpc('create_organization', {
      name: 'Nope',
      slug: slugOf('nope'),
      subscription_plan: 'advanced',
    });
    expect(refused.error?.hint).toBe('plan_not_allowed');
  });
});

describe('invitation belongs to the invited account', () => {
  async function invite(email: string) {
    const { data: role } = await owner1.from('roles').select('id').eq('key', 'member').single().throwOnError();
    const { data } = await owner1
      .from('invitations')
      .insert({ email, role_id: role.id })
      .select('id, token')
      .single()
      .throwOnError();
    return data;
  }
  const statusOf = async (id: string) =>
    (await owner1.from('invitations').select('status').eq('id', id).single()).data!.status;

  it('another signed-in user holding the token is refused; the invitation stays open', async () => {
    const address = `invitee-${randomUUID().slice(0, 8)}@test.nuzl.example`;
    const inv = await invite(address);
    const stranger = await newUser(stack, 'Link Holder');
    const refused = await stranger.client.rpc('accept_invitation', { token: inv.token });
    expect(refused.error?.hint).toBe('invitation_wrong_account');
    expect(refused.error?.message).toBe('This invitation was sent to a different account');
    expect(await statusOf(inv.id)).toBe('pending');
    expect((await svc.from('profiles').select('user_id').eq('user_id', stranger.id)).data).toEqual([]);
  });

  it('an account with the address but not verified is refused', async () => {
    const address = `unverified-${randomUUID().slice(0, 8)}@test.nuzl.example`;
    const inv = await invite(address);
    const created = await stack
      .client('service_role')
      .auth.admin.createUser({ email: address, password: `pw-${randomUUID()}`, email_confirm: false });
    expect(created.error).toBeNull();
    const token = await stack.userToken({ sub: created.data.user!.id, email: address });
    const refused = await typed(stack.client({ accessToken: token })).rpc('accept_invitation', { token: inv.token });
    expect(refused.error?.hint).toBe('invitation_wrong_account');
    expect(await statusOf(inv.id)).toBe('pending');
  });

  it('the invited account joins, whatever the case of the address; the token is then used', async () => {
    const local = `Right.Person-${randomUUID().slice(0, 8)}`;
    const inv = await invite(`${local}@Test.Nuzl.example`);
    const right = await newUser(stack, 'Right Person', `${local.toLowerCase()}@test.nuzl.example`);
    const { data: profile, error } = await right.client.rpc('accept_invitation', { token: inv.token });
    expect(error).toBeNull();
    expect(profile!.organization_id).toBe(ORG1);
    expect(await statusOf(inv.id)).toBe('accepted');
    // Already accepted: the answer is still "no longer valid", for anyone.
    const again = await (await newUser(stack)).client.rpc('accept_invitation', { token: inv.token });
    expect(again.error?.hint).toBe('invitation_used');
  });

  it('an expired invitation is still refused as expired', async () => {
    const address = `late-${randomUUID().slice(0, 8)}@test.nuzl.example`;
    const inv = await invite(address);
    await svc
      .from('invitations')
      .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('id', inv.id)
      .throwOnError();
    const late = await newUser(stack, 'Late Person', address);
    expect((await late.client.rpc('accept_invitation', { token: inv.token })).error?.hint).toBe('invitation_expired');
  });
});

describe('vendor users and units', () => {
  it('a vendor user reads no unit rows, staff still do', async () => {
    const vendor1 = await signInDemo(stack, 'vendor1');
    const { data, error } = await vendor1.from('units').select('*');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { data: taskUnits } = await svc
      .from('tasks')
      .select('unit_id')
      .eq('vendor_id', SPARKLE_VENDOR)
      .not('unit_id', 'is', null);
    expect(taskUnits!.length).toBeGreaterThan(0);
    const one = await vendor1.from('units').select('smart_lock_id').eq('id', taskUnits![0]!.unit_id!);
    expect(one.data).toEqual([]);
    expect((await owner1.from('units').select('id')).data!.length).toBeGreaterThanOrEqual(12);
    const member1 = await signInDemo(stack, 'member1');
    expect((await member1.from('units').select('id')).data!.length).toBeGreaterThanOrEqual(12);
  });

  it('vendor_tasks still carries each task unit’s name, address, city, coordinates and check-in/out times', async () => {
    const vendor1 = await signInDemo(stack, 'vendor1');
    const { data: tasks, error } = await vendor1.rpc('vendor_tasks');
    expect(error).toBeNull();
    const withUnit = tasks!.filter((t) => t.unit_id);
    expect(withUnit.length).toBeGreaterThan(0);
    const { data: units } = await svc
      .from('units')
      .select('id, name, name_ar, address_street, address_city, latitude, longitude, check_in_time, check_out_time')
      .in('id', [...new Set(withUnit.map((t) => t.unit_id!))]);
    const byId = new Map(units!.map((u) => [u.id, u]));
    for (const t of withUnit) {
      const u = byId.get(t.unit_id!)!;
      expect(t.unit_name).toBe(u.name);
      expect(t.unit_name_ar).toBe(u.name_ar);
      expect(t.unit_address).toBe([u.address_street, u.address_city].filter(Boolean).join(', '));
      expect(t.unit_address).toContain(u.address_city!);
      expect(t.unit_city).toBe(u.address_city);
      expect(Number(t.latitude)).toBe(Number(u.latitude));
      expect(Number(t.longitude)).toBe(Number(u.longitude));
      expect(t.unit_check_in_time).toBe(u.check_in_time);
      expect(t.unit_check_out_time).toBe(u.check_out_time);
    }
    // Nothing of the lock or the prices rides along.
    expect(Object.keys(tasks![0]!)).not.toContain('smart_lock_id');
    expect(Object.keys(tasks![0]!)).not.toContain('price_per_night');
  });
});
