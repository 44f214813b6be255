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
function renderPage(permissions: string[]) {
  stubRest(() => json([], 200, { 'content-range': '*/0' }));
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
});
