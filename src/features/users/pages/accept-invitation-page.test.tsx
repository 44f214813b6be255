import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { json, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import type { InvitationPreview } from '../schemas';
import { renderAt, stubSupabase } from '../test-support';
import { AcceptInvitationPage } from './accept-invitation-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const TOKEN = 'c'.repeat(64);
let preview: InvitationPreview | Response;
let calls: RestCall[];
let verify: () => unknown;

beforeEach(() => {
  preview = {
    organization_name: 'Nuzl Demo Stays',
    organization_name_ar: 'نُزُل للإقامات',
    role_key: 'member',
    role_name: 'Team Member',
    email: 'sara@example.com',
    language: 'en',
    status: 'pending',
    expires_at: '2099-12-04T15:30:00Z',
  };
  verify = () =>
    json({ code: 'otp_expired', message: 'Token has expired or is invalid' }, 403, {
      'x-supabase-api-version': '2024-01-01',
    });
  calls = stubSupabase({
    'rpc/invitation_preview': () => (preview instanceof Response ? preview : [preview]),
    'rpc/accept_invitation': () => ({ id: 'p-new', organization_id: 'org-1' }),
    '/auth/v1/otp': () => ({}),
    '/auth/v1/verify': () => verify(),
  });
  toasts.success.mockClear();
  // A first visit: no language chosen yet.
  localStorage.removeItem('language');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

/** The text as read, without the marks that keep addresses left to right inside sentences. */
const plain = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u2066-\u2069]/g, '');

const renderPage = (auth = fakeAuth(null)) =>
  renderAt(<AcceptInvitationPage />, { path: `/invite/${TOKEN}`, route: '/invite/:token', auth });

describe('AcceptInvitationPage', { timeout: 20_000 }, () => {
  it('signed out: who invites whom as what, then a code by e-mail to the invited address that leads back here', async () => {
    const { user } = renderPage();
    const summary = await screen.findByTestId('invite-summary');
    expect(summary).toHaveTextContent('Join Nuzl Demo Stays');
    expect(plain(summary)).toContain('Nuzl Demo Stays invited sara@example.com to join as Team Member.');
    expect(calls.find((call) => call.path === 'rpc/invitation_preview')!.body).toEqual({ token: TOKEN });

    await user.type(screen.getByTestId('invite-full-name'), 'Sara Alghamdi');
    await user.click(screen.getByTestId('invite-send-code'));
    expect(await screen.findByText(/We sent a code to/)).toBeInTheDocument();
    const otp = calls.find((call) => call.url.pathname === '/auth/v1/otp')!;
    expect(otp.body).toMatchObject({
      email: 'sara@example.com',
      create_user: true,
      data: { full_name: 'Sara Alghamdi' },
    });
    expect(otp.url.searchParams.get('redirect_to')).toBe(`${window.location.origin}/invite/${TOKEN}`);

    await user.type(screen.getByTestId('invite-code'), '12345');
    await user.click(screen.getByTestId('invite-verify'));
    expect(await screen.findByText('Please enter the complete verification code')).toBeInTheDocument();
    await user.type(screen.getByTestId('invite-code'), '٦');
    await user.click(screen.getByTestId('invite-verify'));
    expect(
      await screen.findByText('That code is not right or has expired. Check it, or send a new one.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/auth/v1/verify')!.body).toMatchObject({
      email: 'sara@example.com',
      token: '123456',
      type: 'email',
    });
  });

  it('opens in the invitation’s language on a first visit (Arabic, with the Arabic organisation name)', async () => {
    preview = { ...(preview as InvitationPreview), language: 'ar' };
    renderPage();
    await waitFor(() => expect(i18n.language).toBe('ar'));
    expect(await screen.findByTestId('invite-summary')).toHaveTextContent('انضم إلى نُزُل للإقامات');
    expect(screen.getByTestId('invite-summary')).toHaveTextContent('بدور «عضو فريق»');
  });

  it('signed in with the invited address: one press joins, reloads the account and opens the dashboard', async () => {
    const reloadAccount = vi.fn(() => Promise.resolve());
    const auth = { ...fakeAuth(fakeSession({ email: 'Sara@Example.com' })), reloadAccount };
    const { user } = renderPage(auth);
    await user.click(await screen.findByTestId('invite-accept'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(calls.find((call) => call.path === 'rpc/accept_invitation')!.body).toEqual({ token: TOKEN });
    expect(reloadAccount).toHaveBeenCalled();
    expect(toasts.success).toHaveBeenCalledWith('Welcome to Nuzl Demo Stays');
  });

  it('signed in as someone else: not theirs to accept; sign out and go on', async () => {
    const signOut = vi.fn(() => Promise.resolve());
    const auth = { ...fakeAuth(fakeSession({ email: 'other@example.com' })), signOut };
    const { user } = renderPage(auth);
    const wrong = await screen.findByTestId('invite-wrong-account');
    expect(plain(wrong)).toContain('You are signed in as other@example.com');
    expect(plain(wrong)).toContain('This invitation was sent to sara@example.com.');
    expect(screen.queryByTestId('invite-accept')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('invite-sign-out'));
    expect(signOut).toHaveBeenCalledWith('local');
  });

  it('a refusal at joining is shown in place (already a member of an organisation)', async () => {
    stubSupabase({
      'rpc/invitation_preview': () => [preview],
      'rpc/accept_invitation': () =>
        json({ code: '23505', message: 'You already belong to an organization', hint: 'already_member' }, 409),
    });
    const { user } = renderPage(fakeAuth(fakeSession({ email: 'sara@example.com' })));
    await user.click(await screen.findByTestId('invite-accept'));
    expect(await screen.findByTestId('invite-join-error')).toHaveTextContent('You already belong to an organization');
  });

  it.each([
    ['revoked', 'This invitation was cancelled'],
    ['expired', 'This invitation has expired'],
    ['accepted', 'This invitation has already been used'],
  ] as const)('a %s invitation says so, with no way to accept it', async (status, title) => {
    preview = { ...(preview as InvitationPreview), status };
    renderPage();
    const closed = await screen.findByTestId('invite-closed');
    expect(closed).toHaveTextContent(title);
    expect(closed).toHaveTextContent('Ask the organization to send a new invitation.');
    expect(screen.queryByTestId('invite-sign-in')).not.toBeInTheDocument();
  });

  it('an unknown token: "This invitation is not valid"', async () => {
    preview = json({ code: 'PT404', message: 'This invitation is not valid', hint: 'invitation_invalid' }, 404);
    renderPage();
    expect(await screen.findByTestId('invite-closed')).toHaveTextContent('This invitation is not valid');
  });
});
