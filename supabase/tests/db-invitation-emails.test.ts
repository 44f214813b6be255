/**
 * Invitations by e-mail (issue 14, Users): an invitation e-mails the invitee in the language the
 * inviter chose, with the link `<SITE_URL>/invite/<token>` (the invite-notify edge function, called
 * by the database through pg_net; here the stack's e-mail sandbox, whose e-mails land in the local
 * outbox). The link's page reads invitation_preview(token) and, signed in with that address,
 * accept_invitation(token). Resend re-dates it and e-mails the link again; cancel, expiry, another account,
 * a second invitation, a member's address and the plan's seats are refused.
 *
 * Through supabase-js as the owner of organisation 1, its team member, the other organisation's
 * owner (the attacker), fresh accounts, visitors and the service role.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { ORG1, anon, newStaff, newUser, service, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let owner2: Db;
let member1: Db;
let svc: Db;
const SITE_URL = 'http://127.0.0.1:5173';

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  owner2 = await signInDemo(stack, 'owner2');
  member1 = await signInDemo(stack, 'member1');
  svc = service(stack);
});
afterAll(async () => {
  await stack?.jobs.net.settle();
  await stack?.stop();
});

const address = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@test.nuzl.example`;

async function roleId(client: Db, key: 'admin' | 'manager' | 'member') {
  const { data } = await client.from('roles').select('id').eq('key', key).single().throwOnError();
  return data.id;
}

async function invite(email: string, language: 'en' | 'ar', key: 'admin' | 'manager' | 'member' = 'member') {
  const { data } = await owner1
    .from('invitations')
    .insert({ email, role_id: await roleId(owner1, key), language })
    .select('id, token, expires_at, email_sent_at, email_error')
    .single()
    .throwOnError();
  await stack.jobs.net.settle();
  return data;
}

const invitationRow = async (id: string) =>
  (
    await svc
      .from('invitations')
      .select('token, status, expires_at, email_sent_at, email_error, email_requested_at')
      .eq('id', id)
      .single()
      .throwOnError()
  ).data;

/** The invitation e-mails the outbox holds for `to`, oldest first. */
const mailsTo = (to: string) =>
  stack.stack.outbox
    .list()
    .filter((m) => m.to === to && m.kind === 'invitation')
    .reverse();

const linkIn = (body: string) => /https?:\/\/\S+\/invite\/([0-9a-f]{64})/.exec(body);

describe('the invitation e-mail', () => {
  it('reaches the outbox in English with a working link; the invitation records it sent', async () => {
    const email = address('sara');
    const inv = await invite(email, 'en', 'manager');
    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', kind: 'invitation' });
    expect(mail!.subject).toBe('Abdullah Al-Qahtani invited you to join Nuzl Demo Stays on Nuzl');
    expect(mail!.body).toContain('as Manager.');
    expect(mail!.body).toContain(`Accept the invitation: ${SITE_URL}/invite/${inv.token}`);
    expect(mail!.body).toContain(`sign in with this e-mail address (${email})`);
    const row = await invitationRow(inv.id);
    expect(row.email_sent_at).not.toBeNull();
    expect(row.email_error).toBeNull();
    expect(new Date(row.email_requested_at!).getTime()).toBeLessThanOrEqual(new Date(row.email_sent_at!).getTime());

    // The link's token opens the page for a visitor, then joins the invited account.
    const token = linkIn(mail!.body)![1]!;
    const { data: preview, error } = await anon(stack).rpc('invitation_preview', { token });
    expect(error).toBeNull();
    expect(preview).toEqual([
      {
        organization_name: 'Nuzl Demo Stays',
        organization_name_ar: 'نُزُل للإقامات',
        role_key: 'manager',
        role_name: 'Manager',
        email,
        language: 'en',
        status: 'pending',
        expires_at: expect.any(String),
      },
    ]);
    const invitee = await newUser(stack, 'Sara Alghamdi', email);
    const { data: profile, error: acceptError } = await invitee.client.rpc('accept_invitation', { token });
    expect(acceptError).toBeNull();
    expect(profile).toMatchObject({ organization_id: ORG1, preferred_language: 'en', full_name: 'Sara Alghamdi' });
    expect((await invitee.client.rpc('my_permissions')).data).toContain('payments.write');
    expect((await invitee.client.rpc('my_permissions')).data).not.toContain('users.manage');
    expect((await anon(stack).rpc('invitation_preview', { token })).data![0]!.status).toBe('accepted');
  });

  it('is written in natural Arabic when the inviter chose Arabic; the member starts in Arabic', async () => {
    const email = address('reem');
    const inv = await invite(email, 'ar');
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe('Abdullah Al-Qahtani يدعوك للانضمام إلى نُزُل للإقامات على نُزُل');
    expect(mail!.body).toContain('بصفة «عضو فريق»');
    expect(mail!.body).toContain(`قبول الدعوة: ${SITE_URL}/invite/${inv.token}`);
    expect(mail!.body).toContain('الدعوة صالحة حتى');
    const invitee = await newUser(stack, 'ريم', email);
    const { data: profile } = await invitee.client.rpc('accept_invitation', { token: inv.token }).throwOnError();
    expect(profile!.preferred_language).toBe('ar');
  });

  it('the seed’s invitation was never e-mailed, and says so (no request, no sending)', async () => {
    const { data } = await svc
      .from('invitations')
      .select('email_requested_at, email_sent_at, email_error')
      .eq('email', 'sara.alghamdi@demo.nuzl.example')
      .single()
      .throwOnError();
    expect(data).toEqual({ email_requested_at: null, email_sent_at: null, email_error: null });
  });

  it('cannot be faked as sent by the inviter', async () => {
    const { data } = await owner1
      .from('invitations')
      .insert({
        email: address('fake'),
        role_id: await roleId(owner1, 'member'),
        email_sent_at: new Date().toISOString(),
        email_error: 'made up',
        email_requested_at: '2020-01-01T00:00:00Z',
      })
      .select('id, language')
      .single()
      .throwOnError();
    await stack.jobs.net.settle();
    const row = await invitationRow(data.id);
    // The e-mail really went out: its times are the database's and the function's, the made-up error is gone.
    expect(row.email_error).toBeNull();
    expect(new Date(row.email_requested_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(data.language).toBe('ar');
  });
});

describe('resend and cancel', () => {
  it('resend: a later expiry and a second e-mail with the same link, which still works', async () => {
    const email = address('again');
    const inv = await invite(email, 'en');
    const { data: resent, error } = await owner1.rpc('resend_invitation', { invitation_id: inv.id });
    expect(error).toBeNull();
    expect(resent!.token).toBe(inv.token);
    expect(new Date(resent!.expires_at).getTime()).toBeGreaterThan(new Date(inv.expires_at).getTime());
    await stack.jobs.net.settle();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(linkIn(mails[1]!.body)![1]).toBe(inv.token);
    const row = await invitationRow(inv.id);
    expect(row.email_sent_at).not.toBeNull();
    expect(new Date(row.email_sent_at!).getTime()).toBeGreaterThan(new Date(inv.email_sent_at ?? 0).getTime());
    const invitee = await newUser(stack, 'Again', email);
    expect((await invitee.client.rpc('accept_invitation', { token: inv.token })).error).toBeNull();
  });

  it('an expired invitation is refused as expired, and can be resent', async () => {
    const email = address('late');
    const inv = await invite(email, 'en');
    await svc
      .from('invitations')
      .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('id', inv.id)
      .throwOnError();
    expect((await anon(stack).rpc('invitation_preview', { token: inv.token })).data![0]!.status).toBe('expired');
    const invitee = await newUser(stack, 'Late', email);
    expect((await invitee.client.rpc('accept_invitation', { token: inv.token })).error?.hint).toBe(
      'invitation_expired',
    );
    await owner1.rpc('resend_invitation', { invitation_id: inv.id }).throwOnError();
    await stack.jobs.net.settle();
    // Refused while expired, so nothing went out then; the resend is the second e-mail.
    expect(mailsTo(email)).toHaveLength(2);
    expect((await invitee.client.rpc('accept_invitation', { token: inv.token })).error).toBeNull();
  });

  it('cancel: the link stops working and the invitation can no longer be resent', async () => {
    const email = address('cancelled');
    const inv = await invite(email, 'ar');
    const { data: revoked } = await owner1
      .from('invitations')
      .update({ status: 'revoked' })
      .eq('id', inv.id)
      .select('status')
      .single()
      .throwOnError();
    expect(revoked.status).toBe('revoked');
    expect((await anon(stack).rpc('invitation_preview', { token: inv.token })).data![0]!.status).toBe('revoked');
    const invitee = await newUser(stack, 'Cancelled', email);
    expect((await invitee.client.rpc('accept_invitation', { token: inv.token })).error?.hint).toBe('invitation_used');
    const again = await owner1.rpc('resend_invitation', { invitation_id: inv.id });
    expect(again.error).toMatchObject({ code: '23514', hint: 'invitation_not_pending' });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('another organisation learns nothing: resend is 404, cancel changes nothing', async () => {
    const inv = await invite(address('theirs'), 'en');
    const resend = await owner2.rpc('resend_invitation', { invitation_id: inv.id });
    expect(resend.error).toMatchObject({ code: 'PT404', hint: 'invitation_not_found' });
    const missing = await owner1.rpc('resend_invitation', { invitation_id: randomUUID() });
    expect(missing.error).toMatchObject({ code: 'PT404', hint: 'invitation_not_found' });
    const cancel = await owner2.from('invitations').update({ status: 'revoked' }).eq('id', inv.id).select('id');
    expect(cancel.data).toEqual([]);
    expect((await invitationRow(inv.id)).status).toBe('pending');
    expect((await owner2.from('invitations').select('id').eq('id', inv.id)).data).toEqual([]);
  });
});

describe('refusals', () => {
  it('the invitation belongs to the invited account: another signed-in account is refused', async () => {
    const email = address('right');
    const inv = await invite(email, 'en');
    const stranger = await newUser(stack, 'Link Holder');
    const refused = await stranger.client.rpc('accept_invitation', { token: inv.token });
    expect(refused.error).toMatchObject({ code: '42501', hint: 'invitation_wrong_account' });
    expect((await invitationRow(inv.id)).status).toBe('pending');
  });

  it('a second invitation to the same address, or to a member’s address, is a 409', async () => {
    const email = address('twice');
    await invite(email, 'en');
    const member = await roleId(owner1, 'member');
    const twice = await owner1.from('invitations').insert({ email: email.toUpperCase(), role_id: member });
    expect(twice.status).toBe(409);
    expect(twice.error).toMatchObject({ code: 'PT409', hint: 'invitation_already_pending' });
    const colleague = await owner1.from('invitations').insert({ email: 'faisal@demo.nuzl.example', role_id: member });
    expect(colleague.status).toBe(409);
    expect(colleague.error?.hint).toBe('invitation_already_member');
  });

  it('only holders of users.manage invite or resend; nobody grants a role they do not hold', async () => {
    const member = await roleId(member1, 'member');
    const byMember = await member1.from('invitations').insert({ email: address('nope'), role_id: member });
    expect(byMember.error?.code).toBe('42501');
    const inv = await invite(address('resend-nope'), 'en');
    expect((await member1.rpc('resend_invitation', { invitation_id: inv.id })).error?.hint).toBe(
      'users_manage_required',
    );
    const hr = await newStaff(stack, { org: ORG1, permissions: ['users.manage', 'bookings.read'], name: 'HR' });
    const asManager = await hr.client
      .from('invitations')
      .insert({ email: address('m'), role_id: await roleId(hr.client, 'manager') });
    expect(asManager.error?.hint).toBe('role_grant_forbidden');
    const asAdmin = await hr.client
      .from('invitations')
      .insert({ email: address('a'), role_id: await roleId(hr.client, 'admin') });
    expect(asAdmin.error?.hint).toBe('admin_role_required');
    // The attacker cannot invite into organisation 1 with one of its roles.
    const foreign = await owner2.from('invitations').insert({ email: address('x'), role_id: member });
    expect(foreign.error).toMatchObject({ code: 'PT404', hint: 'role_not_found' });
  });

  it('the plan’s seats: Basic allows one user, so an invitation is refused with the way to upgrade', async () => {
    const founder = await newUser(stack, 'Basic Founder');
    const slug = `basic-${randomUUID().slice(0, 8)}`;
    await founder.client.rpc('create_organization', { name: 'Basic Stays', slug }).throwOnError();
    const role = await roleId(founder.client, 'member');
    const email = address('seat');
    const refused = await founder.client.from('invitations').insert({ email, role_id: role });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ hint: 'plan_limit_users' });
    expect(refused.error?.message).toBe('Your plan allows up to 1 user(s). Upgrade your plan to add more users.');
    await stack.jobs.net.settle();
    expect(mailsTo(email)).toEqual([]);
  });
});
