import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { json, type RestCall } from '@/test/fake-rest';
import type { TeamPage } from '../schemas';
import { invitationRow, memberRow, renderAt, stubSupabase } from '../test-support';
import { UsersPage } from './users-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const OWNER = memberRow({
  id: 'p-owner',
  user_id: 'u-owner',
  full_name: 'Abdullah Al-Qahtani',
  email: 'abdullah@demo.nuzl.example',
  phone: '+966500000001',
  language: 'ar',
  is_owner: true,
  is_self: true,
  roles: [{ id: 'role-admin', key: 'admin', name: 'Administrator' }],
  last_login_at: '2026-11-27T09:30:00Z',
});

let page: TeamPage;
let permissions: string[];
let calls: RestCall[];
let patch: (call: RestCall) => unknown;

beforeEach(() => {
  permissions = ['users.manage', 'bookings.read'];
  page = {
    total: 4,
    rows: [
      OWNER,
      memberRow(),
      memberRow({ id: 'p-old', user_id: 'u-old', full_name: 'Old Hand', status: 'inactive', last_login_at: null }),
      invitationRow(),
    ],
    seats: { limit: null, used: 4 },
  };
  patch = () => [{ user_id: 'u-faisal', status: 'inactive' }];
  calls = stubSupabase({
    'rpc/my_permissions': () => permissions,
    'rpc/team_members': () => page,
    'rpc/resend_invitation': () => ({ id: 'inv-sara' }),
    profiles: (call) => patch(call),
  });
  toasts.error.mockClear();
  toasts.success.mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const renderPage = (path = '/dashboard/users') => renderAt(<UsersPage />, { path, route: '/dashboard/users' });

describe('UsersPage', { timeout: 20_000 }, () => {
  it('without users.manage: "Permission denied. Contact administrator.", no list and no invite button', async () => {
    permissions = ['bookings.read', 'bookings.write'];
    renderPage();
    const denied = await screen.findByTestId('users-permission-denied');
    expect(denied).toHaveTextContent('Permission denied. Contact administrator.');
    expect(screen.queryByTestId('invite-user')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === 'rpc/team_members')).toBe(false);
  });

  it('lists members and invitations with role, language, last login in the organisation’s time zone and status', async () => {
    renderPage();
    const table = await screen.findByTestId('users-table');
    const rows = within(table).getAllByTestId('user-row');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Abdullah Al-Qahtani');
    expect(rows[0]).toHaveTextContent('Owner');
    expect(rows[0]).toHaveTextContent('You');
    expect(rows[0]).toHaveTextContent('Administrator');
    expect(rows[0]).toHaveTextContent('Arabic');
    expect(rows[0]).toHaveTextContent('+966 50 000 0001');
    // 09:30 UTC is 12:30 in Riyadh, the organisation's zone.
    expect(rows[0]).toHaveTextContent(/12:30\sPM/);
    expect(within(rows[0]!).getByTestId('user-status')).toHaveTextContent('Active');
    expect(within(rows[2]!).getByTestId('user-status')).toHaveTextContent('Inactive');
    expect(rows[2]).toHaveTextContent('Never signed in');
    expect(rows[3]).toHaveTextContent('sara@example.com');
    expect(rows[3]).toHaveTextContent('Invited by Abdullah Al-Qahtani');
    expect(within(rows[3]!).getByTestId('user-status')).toHaveTextContent('Pending invitation');
    expect(within(rows[3]!).getByTestId('invitation-delivery')).toHaveTextContent('Invitation e-mail sent');
    // Phones get the same rows as cards.
    expect(within(screen.getByTestId('users-cards')).getAllByTestId('user-card')).toHaveLength(4);
    expect(screen.getByTestId('users-count')).toHaveTextContent('4 people and invitations');
  });

  it('reads in Arabic: statuses, roles and languages translated', async () => {
    await changeLanguage('ar');
    renderPage();
    const table = await screen.findByTestId('users-table');
    const [owner, , , invitation] = within(table).getAllByTestId('user-row');
    expect(owner).toHaveTextContent('مسؤول');
    expect(owner).toHaveTextContent('العربية');
    expect(owner).toHaveTextContent('المالك');
    expect(within(invitation!).getByTestId('user-status')).toHaveTextContent('دعوة بانتظار القبول');
    expect(invitation).toHaveTextContent('مدير');
  });

  it('sends the search and the status filter to team_members, from the URL', async () => {
    const { user, router } = renderPage('/dashboard/users?status=pending');
    await screen.findByTestId('users-table');
    const first = calls.find((call) => call.path === 'rpc/team_members')!;
    expect(first.body).toMatchObject({ status: 'pending', page_limit: 25, page_offset: 0 });
    await user.type(screen.getByTestId('users-search'), 'sara');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('sara'));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'rpc/team_members').at(-1)?.body).toMatchObject({ search: 'sara' }),
    );
  });

  it('deactivates after a confirmation; the owner cannot be, and says why', async () => {
    const { user } = renderPage();
    const table = await screen.findByTestId('users-table');
    const [owner, faisal] = within(table).getAllByTestId('user-row');
    await user.click(within(owner!).getByRole('button', { name: 'Actions for Abdullah Al-Qahtani' }));
    const ownerItem = await screen.findByTestId('user-action-deactivate');
    expect(ownerItem).toHaveAttribute('aria-disabled', 'true');
    expect(ownerItem).toHaveAccessibleDescription('The organization owner cannot be deactivated.');
    await user.keyboard('{Escape}');

    await user.click(within(faisal!).getByRole('button', { name: 'Actions for Faisal Al-Otaibi' }));
    await user.click(await screen.findByTestId('user-action-deactivate'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Deactivate Faisal Al-Otaibi?');
    await user.click(within(dialog).getByTestId('confirm-user-action-submit'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Faisal Al-Otaibi is deactivated'));
    const update = calls.find((call) => call.path === 'profiles' && call.method === 'PATCH')!;
    expect(update.body).toEqual({ status: 'inactive' });
    expect(update.url.searchParams.get('user_id')).toBe('eq.u-faisal');
  });

  it('a refusal of the database is toasted in the reader’s language (the last administrator, 409)', async () => {
    await changeLanguage('ar');
    patch = () =>
      json(
        {
          code: 'PT409',
          message: 'An organization must keep at least one administrator',
          hint: 'last_admin',
          details: null,
        },
        409,
      );
    page = { ...page, rows: [memberRow({ roles: [{ id: 'role-admin', key: 'admin', name: 'Administrator' }] })] };
    const { user } = renderPage();
    const table = await screen.findByTestId('users-table');
    await user.click(within(table).getByRole('button', { name: 'إجراءات Faisal Al-Otaibi' }));
    await user.click(await screen.findByTestId('user-action-deactivate'));
    await user.click(await screen.findByTestId('confirm-user-action-submit'));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('تعذّر تحديث حالة المستخدم', {
        description: 'يجب أن يبقى في المنشأة مسؤول واحد على الأقل',
      }),
    );
  });

  it('resends an invitation at once, with a toast', async () => {
    const { user } = renderPage();
    const table = await screen.findByTestId('users-table');
    await user.click(within(table).getByRole('button', { name: 'Actions for sara@example.com' }));
    await user.click(await screen.findByTestId('user-action-resend'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Invitation sent again to sara@example.com'));
    expect(calls.find((call) => call.path === 'rpc/resend_invitation')!.body).toEqual({ invitation_id: 'inv-sara' });
  });

  it('a full plan: the invite button is disabled with the reason, and the way to upgrade is shown', async () => {
    page = { ...page, seats: { limit: 1, used: 1 } };
    renderPage();
    const notice = await screen.findByTestId('seats-full');
    expect(notice).toHaveTextContent('Your plan allows 1 user, and that seat is taken');
    expect(screen.getByTestId('upgrade-link')).toHaveAttribute('href', '/dashboard/settings?tab=billing');
    const invite = screen.getByTestId('invite-user');
    expect(invite).toBeDisabled();
    expect(invite).toHaveAccessibleDescription('Your plan has no free seat.');
  });
});
