import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { SessionStateProvider, type SessionState } from '@/lib/session';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { DashboardLayout } from './dashboard-layout';

/** A Team Member's dashboard: my_permissions() answers, every other request is refused. */
function renderDashboard(path: string, permissions: string[]) {
  stubRest((call) => (call.path === 'rpc/my_permissions' ? json(permissions) : json({ message: 'no stub' }, 404)));
  const signedIn = fakeSession();
  const session: SessionState = { status: 'signed_in', session: signedIn };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          { path: 'bookings', element: <p>bookings screen</p> },
          { path: 'payments/*', element: <p>payments screen</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={fakeAuth(signedIn)}>
          <SessionStateProvider value={session}>
            <RouterProvider router={router} />
          </SessionStateProvider>
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const MEMBER = ['bookings.read', 'bookings.write', 'units.read', 'tasks.read'];

describe('the dashboard follows the caller’s permissions', () => {
  it('the navigation lists only the sections the role reads', async () => {
    renderDashboard('/dashboard/bookings', MEMBER);
    expect(await screen.findByText('bookings screen')).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation')[0]!;
    expect(await within(nav).findByRole('link', { name: 'Tasks' })).toBeInTheDocument();
    await vi.waitFor(() => expect(within(nav).queryByRole('link', { name: /Payments/ })).not.toBeInTheDocument());
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Access' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
  });

  it('a direct URL to a section the role lacks says "Permission denied. Contact administrator."', async () => {
    renderDashboard('/dashboard/payments/invoices/1', MEMBER);
    expect(await screen.findByTestId('permission-denied')).toHaveTextContent(
      'Permission denied. Contact administrator.',
    );
    expect(screen.queryByText('payments screen')).not.toBeInTheDocument();
  });

  it('in Arabic too', async () => {
    await changeLanguage('ar');
    renderDashboard('/dashboard/payments', MEMBER);
    expect(await screen.findByTestId('permission-denied')).toHaveTextContent(
      'ليست لديك صلاحية. تواصل مع مسؤول النظام.',
    );
  });
});
