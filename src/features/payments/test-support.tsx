import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { AuthContextProvider } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { fakeAuth, fakeSession } from '@/test/render';
import { json, stubRest, type RestCall } from '@/test/fake-rest';

/**
 * Component tests of the payments feature: the real supabase-js client and TanStack Query
 * against a stand-in Supabase HTTP API (test/fake-rest), a memory router (the sections live in
 * the URL) and a signed-in staff member of the demo organisation.
 */
export const ALL_PERMISSIONS = [
  'invoices.read',
  'invoices.write',
  'payments.read',
  'payments.write',
  'settings.manage',
];

export type Handlers = Record<string, (call: RestCall) => unknown>;

/** Answers `rpc/<name>` and other paths from `handlers` (by path), 404 otherwise; records every call. */
export function stubSupabase(handlers: Handlers) {
  return stubRest((call) => {
    const key = call.url.pathname.includes('/functions/v1/')
      ? call.url.pathname.replace(/^.*\/functions\/v1\//, 'functions/')
      : call.path;
    const handler = handlers[key];
    if (!handler) return json({ code: 'PGRST202', message: `no stub for ${key}` }, 404);
    const body = handler(call);
    return body instanceof Response ? body : json(body);
  });
}

/** Where the router is: the tests read the URL the screen wrote. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderWithApp(element: ReactNode, path = '/dashboard/payments') {
  const session = fakeSession();
  const auth = fakeAuth(session);
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/payments',
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={auth}>
          <RouterProvider router={router} />
          <Toaster />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

/** The search parameters of the current URL. */
export function currentSearch(router: ReturnType<typeof createMemoryRouter>): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}
