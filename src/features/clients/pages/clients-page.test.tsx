import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider, permissionKeys } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { ClientsPage } from './clients-page';

/** The page under a role with `permissions` (my_permissions(), already loaded); lists answer empty. */
const CLIENT = {
  id: 'c1',
  organization_id: '20000000-0000-4000-8000-000000000001',
  name: 'Sara Al-Harbi',
  email: null,
  phone: '+966501234567',
  nationality: 'SA',
  national_id: null,
  passport_number: null,
  preferred_language: 'ar',
  is_vip: false,
  member_since: '2026-01-10',
  notes: null,
  created_at: '2026-01-10T00:00:00Z',
  updated_at: '2026-01-10T00:00:00Z',
  bookings_count: 2,
};

function renderPage(permissions: string[]) {
  stubRest((call) =>
    call.path === 'rpc/search_clients' ? json({ total: 1, rows: [CLIENT] }) : json([], 200, { 'content-range': '*/0' }),
  );
  const session = fakeSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionKeys.mine(session.user.id), permissions);
  const router = createMemoryRouter([{ path: '/dashboard/clients', element: <ClientsPage /> }], {
    initialEntries: ['/dashboard/clients'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={fakeAuth(session)}>
          <RouterProvider router={router} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ClientsPage follows the role', () => {
  it('offers "New client" with clients.write', async () => {
    renderPage(['clients.read', 'clients.write']);
    expect(await screen.findByTestId('new-client')).toBeInTheDocument();
  });

  it('hides it from a read-only role', async () => {
    renderPage(['clients.read']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(screen.queryByTestId('new-client')).not.toBeInTheDocument();
  });

  it('offers edit and delete on each row with clients.write', async () => {
    renderPage(['clients.read', 'clients.write']);
    expect(await screen.findByRole('button', { name: 'Edit Sara Al-Harbi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Sara Al-Harbi' })).toBeInTheDocument();
  });

  it('a read-only role sees the rows without edit or delete buttons', async () => {
    renderPage(['clients.read']);
    expect(await screen.findByText('Sara Al-Harbi')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Sara Al-Harbi' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Sara Al-Harbi' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
