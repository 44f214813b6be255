import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { vendorKeys } from '@/features/vendors/api/keys';
import { AuthContextProvider } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { SessionStateProvider, type SessionState } from '@/lib/session';
import { fakeAuth, fakeSession } from '@/test/render';
import { DashboardLayout } from './dashboard-layout';

const VENDOR_USER = '10000000-0000-4000-8000-000000000004';

/**
 * The header of a vendor user: it belongs to no organisation, so it names the ones it works for
 * (vendor_organizations(), given here through the query cache) in the reader's language.
 */
function renderVendorHeader(organizations: { id: string; name: string; name_ar: string | null }[]) {
  const signedIn = fakeSession({ id: VENDOR_USER });
  const session: SessionState = { status: 'signed_in', session: signedIn };
  const auth = fakeAuth(signedIn, { id: 'p4', kind: 'vendor', full_name: 'Sparkle crew' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(vendorKeys.organizations(VENDOR_USER), organizations);
  const router = createMemoryRouter(
    [{ path: '/dashboard/*', element: <DashboardLayout />, children: [{ path: 'tasks', element: <p>tasks</p> }] }],
    {
      initialEntries: ['/dashboard/tasks'],
    },
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={auth}>
          <SessionStateProvider value={session}>
            <RouterProvider router={router} />
          </SessionStateProvider>
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const DEMO = { id: 'o1', name: 'Nuzl Demo Stays', name_ar: 'نُزُل للإقامات' };
const SECOND = { id: 'o2', name: 'Second Homes', name_ar: 'البيوت الثانية' };

// Unmount first: switching the language back re-renders mounted components outside act().
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('dashboard header for a vendor user', () => {
  it('names the organisations it works for', async () => {
    renderVendorHeader([DEMO, SECOND]);
    expect(await screen.findByTestId('organization-name')).toHaveTextContent('Nuzl Demo Stays · Second Homes');
  });

  it('in Arabic, with the Arabic names (the English one when there is none)', async () => {
    await changeLanguage('ar');
    renderVendorHeader([DEMO, { ...SECOND, name_ar: null }]);
    expect(await screen.findByTestId('organization-name')).toHaveTextContent('نُزُل للإقامات · Second Homes');
  });

  it('says so when no organisation works with it yet', async () => {
    renderVendorHeader([]);
    expect(await screen.findByTestId('organization-name')).toHaveTextContent('Not working with an organization yet');
  });
});
