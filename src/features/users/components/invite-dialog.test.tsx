import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { json, type RestCall } from '@/test/fake-rest';
import { renderAt, stubSupabase } from '../test-support';
import { InviteDialog } from './invite-dialog';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const ROLES = [
  { id: 'role-admin', key: 'admin', name: 'Administrator', description: null, grantable: false },
  { id: 'role-manager', key: 'manager', name: 'Manager', description: null, grantable: false },
  { id: 'role-member', key: 'member', name: 'Team Member', description: null, grantable: true },
  { id: 'role-night', key: null, name: 'Night Shift', description: null, grantable: true },
];

let calls: RestCall[];
let insert: (call: RestCall) => unknown;
const onOpenChange = vi.fn();

beforeEach(() => {
  insert = (call) => [{ id: 'inv-new', email: (call.body as { email: string }).email }];
  calls = stubSupabase({
    'rpc/invitable_roles': () => ROLES,
    invitations: (call) => insert(call),
  });
  toasts.success.mockClear();
  onOpenChange.mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const renderDialog = () =>
  renderAt(<InviteDialog open onOpenChange={onOpenChange} />, { path: '/dashboard/users', route: '/dashboard/users' });

describe('InviteDialog', { timeout: 20_000 }, () => {
  it('offers only the roles the inviter may give; the others are listed, disabled, saying why', async () => {
    renderDialog();
    const role = await screen.findByTestId('invite-role');
    await waitFor(() => expect(role).toHaveValue('role-member'));
    const options = within(role).getAllByRole('option');
    expect(options.map((option) => [option.textContent, (option as HTMLOptionElement).disabled])).toEqual([
      ['—', true],
      ['Administrator (you cannot give this role)', true],
      ['Manager (you cannot give this role)', true],
      ['Team Member', false],
      ['Night Shift', false],
    ]);
  });

  it('checks the address, then sends it lower-cased with the role and the chosen language', async () => {
    const { user } = renderDialog();
    await waitFor(() => expect(screen.getByTestId('invite-role')).toHaveValue('role-member'));
    await user.type(screen.getByTestId('invite-email'), 'not-an-address');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'invitations')).toBe(false);

    await user.clear(screen.getByTestId('invite-email'));
    await user.type(screen.getByTestId('invite-email'), ' Sara.Alghamdi@Example.com ');
    await user.selectOptions(screen.getByTestId('invite-role'), 'role-night');
    await user.selectOptions(screen.getByTestId('invite-language'), 'en');
    await user.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Invitation sent to sara.alghamdi@example.com'));
    expect(calls.find((call) => call.path === 'invitations')!.body).toEqual({
      email: 'sara.alghamdi@example.com',
      role_id: 'role-night',
      language: 'en',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('the invitation’s language starts as the inviter’s own (Arabic here)', async () => {
    await changeLanguage('ar');
    renderDialog();
    expect(await screen.findByTestId('invite-language')).toHaveValue('ar');
  });

  it('a full plan is refused in the dialog with the way to upgrade; a second invitation says so too', async () => {
    insert = () =>
      json(
        {
          code: 'P0001',
          message: 'Your plan allows up to 1 user(s). Upgrade your plan to add more users.',
          hint: 'plan_limit_users',
          details: null,
        },
        400,
      );
    const { user } = renderDialog();
    await waitFor(() => expect(screen.getByTestId('invite-role')).toHaveValue('role-member'));
    await user.type(screen.getByTestId('invite-email'), 'seat@example.com');
    await user.click(screen.getByTestId('invite-submit'));
    const error = await screen.findByTestId('invite-error');
    expect(error).toHaveTextContent(
      "The invitation was not sent: Your plan's user limit is reached. Upgrade your plan to add more users.",
    );
    expect(within(error).getByTestId('upgrade-link')).toHaveTextContent('Change the plan in Billing');
    expect(onOpenChange).not.toHaveBeenCalled();

    insert = () => json({ code: 'PT409', message: 'x', hint: 'invitation_already_pending', details: null }, 409);
    await user.click(screen.getByTestId('invite-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('invite-error')).toHaveTextContent(
        'This address already has a pending invitation. Resend it from the list.',
      ),
    );
    expect(screen.queryByTestId('upgrade-link')).not.toBeInTheDocument();
  });
});
