import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { SuperAdminRoute } from './super-admin-route';

afterEach(() => vi.unstubAllGlobals());

function renderAs(appMetadata: Record<string, unknown>, kind: 'platform' | 'staff') {
  const calls = stubRest(() => json({ total: 0, rows: [] }));
  const auth = fakeAuth(fakeSession({ app_metadata: appMetadata }), { kind });
  const router = createMemoryRouter([{ path: '/super-admin', element: <SuperAdminRoute /> }], {
    initialEntries: ['/super-admin'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthContextProvider value={auth}>
          <RouterProvider router={router} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

describe('/super-admin (issue 14: only for the super-administrator claim)', () => {
  it('is the console for the super administrator', async () => {
    renderAs({ role: 'super_admin' }, 'platform');
    expect(await screen.findByRole('heading', { level: 1, name: 'Super administrator' })).toBeInTheDocument();
    expect(await screen.findByTestId('organizations-empty')).toBeInTheDocument();
  });

  it('is "Page not found" for an owner, who asks the database nothing', async () => {
    const calls = renderAs({}, 'staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByTestId('organizations-total')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('follows the claim, not the profile kind', async () => {
    renderAs({}, 'platform');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
