import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { AccessPage } from './access-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const CATALOGUE = ['bookings.read', 'bookings.write', 'units.read', 'units.write', 'roles.manage', 'audit.read'];
const permissionRows = CATALOGUE.map((key) => {
  const [module, action] = key.split('.');
  return { key, module, action, description: key };
});
const ROLES = [
  { id: 'r-admin', key: 'admin', name: 'Administrator', is_system: true, role_permissions: [] },
  {
    id: 'r-member',
    key: 'member',
    name: 'Team Member',
    is_system: true,
    role_permissions: [{ permission: 'bookings.read' }],
  },
  { id: 'r-clean', key: null, name: 'Cleaners', is_system: false, role_permissions: [{ permission: 'units.read' }] },
];
const MEMBERS = [
  { user_id: 'u-owner', full_name: 'Abdullah Al-Qahtani', email: null, phone: null, status: 'active' },
  { user_id: 'u-faisal', full_name: 'Faisal Al-Otaibi', email: null, phone: null, status: 'active' },
];
const ASSIGNMENTS = [
  { id: 'a-owner', user_id: 'u-owner', role_id: 'r-admin' },
  { id: 'a-faisal', user_id: 'u-faisal', role_id: 'r-clean' },
];

let mine: string[];
let calls: RestCall[];

beforeEach(() => {
  mine = CATALOGUE.filter((key) => key !== 'audit.read');
  calls = stubRest((call) => {
    if (call.path === 'rpc/my_permissions') return json(mine);
    if (call.method === 'GET') {
      const rows = { permissions: permissionRows, roles: ROLES, user_roles: ASSIGNMENTS, profiles: MEMBERS }[call.path];
      return rows ? json(rows) : json({ message: 'no stub' }, 404);
    }
    if (call.path === 'roles' && call.method === 'POST') return json({ id: 'r-new' }, 201);
    return json(null, 201);
  });
  toasts.success.mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/dashboard/access', element: <AccessPage /> }], {
    initialEntries: ['/dashboard/access'],
  });
  const queryClient = createQueryClient({ environment: 'development', debug: false });
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <RouterProvider router={router} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup({ delay: null });
}

const card = async (name: string) =>
  (await screen.findAllByTestId('role-card')).find((element) => element.dataset.role === name)!;

describe('AccessPage', { timeout: 20_000 }, () => {
  it('without roles.manage: "Permission denied. Contact administrator." and no roles are read', async () => {
    mine = ['bookings.read'];
    renderPage();
    expect(await screen.findByTestId('access-permission-denied')).toHaveTextContent(
      'Permission denied. Contact administrator.',
    );
    expect(calls.some((call) => call.path === 'roles')).toBe(false);
  });

  it('lists built-in and custom roles, their holders and the administrator count', async () => {
    renderPage();
    expect(await screen.findByTestId('access-summary')).toHaveTextContent('3 roles · 1 administrator');
    const admin = await card('Administrator');
    expect(admin).toHaveTextContent('Built-in');
    expect(admin).toHaveTextContent('Built-in roles are read-only.');
    expect(within(admin).queryByRole('button', { name: /edit/i })).not.toBeInTheDocument();
    // The caller lacks audit.read, so the administrator role is beyond what they may hand out.
    expect(admin).toHaveTextContent('You can only change roles whose permissions you hold yourself.');
    const cleaners = await card('Cleaners');
    expect(cleaners).toHaveTextContent('Custom');
    expect(within(cleaners).getByTestId('role-holder-count')).toHaveTextContent('1 user');
    expect(cleaners).toHaveTextContent('Faisal Al-Otaibi');
  });

  it('creates a custom role with only permissions the caller holds', async () => {
    const user = renderPage();
    await screen.findByTestId('access-summary');
    await user.click(screen.getByTestId('create-role'));
    const dialog = await screen.findByTestId('role-dialog');
    await user.click(within(dialog).getByTestId('role-save'));
    expect(await within(dialog).findByText('Please enter a role name')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('role-name'), 'Front desk');
    expect(within(dialog).getByTestId('permission-audit.read')).toBeDisabled();
    await user.click(within(dialog).getByTestId('permission-units.read'));
    await user.click(within(dialog).getByTestId('permission-bookings.write'));
    await user.click(within(dialog).getByTestId('role-save'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Role Front desk created'));
    const posts = calls.filter((call) => call.method === 'POST' && !call.path.startsWith('rpc/'));
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      ['roles', { name: 'Front desk' }],
      [
        'role_permissions',
        [
          { role_id: 'r-new', permission: 'units.read' },
          { role_id: 'r-new', permission: 'bookings.write' },
        ],
      ],
    ]);
  });

  it('revokes a role only after confirmation', async () => {
    const user = renderPage();
    const cleaners = await card('Cleaners');
    await user.click(within(cleaners).getByRole('button', { name: 'Revoke Cleaners from Faisal Al-Otaibi' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Revoke Cleaners from Faisal Al-Otaibi?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByTestId('access-confirm-action'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const remove = calls.find((call) => call.method === 'DELETE')!;
    expect(remove.path).toBe('user_roles');
    expect(remove.url.searchParams.get('id')).toBe('eq.a-faisal');
  });

  it('in Arabic: the built-in roles in Arabic and Arabic plurals', async () => {
    await changeLanguage('ar');
    renderPage();
    expect(await screen.findByTestId('access-summary')).toHaveTextContent('3 أدوار · مسؤول واحد');
    expect(await card('Team Member')).toHaveTextContent('عضو الفريق');
  });
});
