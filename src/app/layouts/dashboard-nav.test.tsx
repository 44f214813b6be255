import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider, type AuthContextValue } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { DashboardNav } from './dashboard-nav';

/** my_permissions() answers when `release` is called: the time in between is the flash we must not show. */
function renderNav(auth: AuthContextValue, permissions: string[]) {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  stubRest(async (call) => {
    if (call.path !== 'rpc/my_permissions') return json(null, 404);
    await answered;
    return json(permissions);
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthContextProvider value={auth}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <DashboardNav />
          </MemoryRouter>
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { release };
}

afterEach(() => vi.unstubAllGlobals());

describe('DashboardNav', () => {
  it('shows placeholders, not every section, until the permissions arrive; then only the readable ones', async () => {
    const { release } = renderNav(fakeAuth(fakeSession()), ['units.read', 'clients.read']);
    expect(screen.getByTestId('nav-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    release();
    expect(await screen.findByRole('link', { name: 'Units' })).toBeInTheDocument();
    expect(screen.queryByTestId('nav-loading')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Units',
      'Clients',
      'Settings',
    ]);
  });

  it('shows placeholders while the account itself is loading', () => {
    const auth = { ...fakeAuth(fakeSession()), profile: null, accountStatus: 'loading' as const };
    renderNav(auth, []);
    expect(screen.getByTestId('nav-loading')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
