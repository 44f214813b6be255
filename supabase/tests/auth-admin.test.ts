/** The admin API (service role): users, invites, generated links, factors; 403 for everyone else. */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

const newEmail = () => `admin-${randomUUID().slice(0, 8)}@example.com`;

describe('admin users', () => {
  it('creates, reads, lists, updates and deletes users', async () => {
    const admin = stack.client('service_role').auth.admin;
    const email = newEmail();
    const created = await admin.createUser({
      email,
      password: 'admin-made-1',
      email_confirm: true,
      user_metadata: { full_name: 'Noura' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Noura' },
    });
    expect(user.email_confirmed_at).toBeTruthy();

    const signIn = await stack.client().auth.signInWithPassword({ email, password: 'admin-made-1' });
    expect(signIn.error).toBeNull();

    const dup = await admin.createUser({ email, password: 'admin-made-1' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('email_exists');

    expect((await admin.getUserById(user.id)).data.user?.email).toBe(email);
    const missing = await admin.getUserById(randomUUID());
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');

    for (let i = 0; i < 2; i++) await admin.createUser({ email: newEmail(), password: 'admin-made-1' });
    const page1 = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    if (!('total' in page1.data)) throw new Error('listUsers returned no pagination');
    expect(page1.data.total).toBeGreaterThanOrEqual(3);
    expect(page1.data.nextPage).toBe(2);
    expect(page1.data.lastPage).toBeGreaterThanOrEqual(2);

    const phoneUser = await admin.createUser({ phone: '+966 55 000 1234', phone_confirm: true });
    expect(phoneUser.data.user?.phone).toBe('966550001234');

    await admin.deleteUser(user.id);
    expect((await admin.getUserById(user.id)).error?.code).toBe('user_not_found');
  });

  it('puts app_metadata set by the service role into the next access token', async () => {
    const email = newEmail();
    const client = stack.client();
    const { data } = await client.auth.signUp({ email, password: 'claims-pass-1' });
    const admin = stack.client('service_role').auth.admin;
    const upd = await admin.updateUserById(data.user!.id, { app_metadata: { super_admin: true } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.app_metadata).toMatchObject({ provider: 'email', super_admin: true });
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).app_metadata).toMatchObject({
      super_admin: true,
      provider: 'email',
    });
  });

  it('bans users', async () => {
    const email = newEmail();
    const admin = stack.client('service_role').auth.admin;
    const { data } = await admin.createUser({ email, password: 'banned-pass-1', email_confirm: true });
    await admin.updateUserById(data.user!.id, { ban_duration: '24h' });
    const { error } = await stack.client().auth.signInWithPassword({ email, password: 'banned-pass-1' });
    expect(error?.code).toBe('user_banned');
  });

  it('refuses the anon key and users', async () => {
    const asAnon = await stack.client().auth.admin.listUsers();
    expect(asAnon.error?.status).toBe(403);
    expect(asAnon.error?.code).toBe('not_admin');
    const email = newEmail();
    const { data } = await stack.client().auth.signUp({ email, password: 'plain-user-1' });
    const asUser = await stack
      .client({ accessToken: data.session!.access_token })
      .auth.admin.createUser({ email: newEmail() });
    expect(asUser.error?.code).toBe('not_admin');
  });

  it('works with the new sb_secret_ key too', async () => {
    const { error } = await stack.client('secret').auth.admin.listUsers();
    expect(error).toBeNull();
  });
});

describe('invites and generated links', () => {
  it('invites by e-mail and the invite link signs the user in', async () => {
    const admin = stack.client('service_role').auth.admin;
    const email = newEmail();
    const invited = await admin.inviteUserByEmail(email, { data: { org: 'demo' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    expect(invited.data.user?.email_confirmed_at).toBeUndefined();

    const link = await admin.generateLink({ type: 'invite', email });
    expect(link.error).toBeNull();
    expect(link.data.properties?.verification_type).toBe('invite');
    const { data, error } = await stack
      .client()
      .auth.verifyOtp({ token_hash: link.data.properties!.hashed_token, type: 'invite' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('generates magic links whose code and hash both verify once', async () => {
    const admin = stack.client('service_role').auth.admin;
    const email = newEmail();
    await admin.createUser({ email, email_confirm: true });
    const link = await admin.generateLink({ type: 'magiclink', email });
    expect(link.error).toBeNull();
    const props = link.data.properties!;
    expect(props.action_link).toContain('/auth/v1/verify?token=');
    expect(props.email_otp).toMatch(/^\d{6}$/);
    const byCode = await stack.client().auth.verifyOtp({ email, token: props.email_otp, type: 'email' });
    expect(byCode.error).toBeNull();
    expect(byCode.data.session).toBeTruthy();
    const reused = await stack.client().auth.verifyOtp({ token_hash: props.hashed_token, type: 'magiclink' });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('generates recovery and signup links', async () => {
    const admin = stack.client('service_role').auth.admin;
    const email = newEmail();
    const signup = await admin.generateLink({ type: 'signup', email, password: 'link-signup-1' });
    expect(signup.error).toBeNull();
    expect(signup.data.user?.email).toBe(email);
    const recovery = await admin.generateLink({ type: 'recovery', email });
    expect(recovery.error).toBeNull();
    const unknown = await admin.generateLink({ type: 'recovery', email: newEmail() });
    expect(unknown.error?.status).toBe(404);
  });
});

describe('admin factors', () => {
  it("lists and deletes a user's factors", async () => {
    const client = stack.client();
    const { data } = await client.auth.signUp({ email: newEmail(), password: 'factor-pass-1' });
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const admin = stack.client('service_role').auth.admin;
    const listed = await admin.mfa.listFactors({ userId: data.user!.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((f) => f.id)).toEqual([enrolled.data!.id]);
    const deleted = await admin.mfa.deleteFactor({ userId: data.user!.id, id: enrolled.data!.id });
    expect(deleted.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: data.user!.id })).data?.factors).toEqual([]);
  });
});
