import type { Session } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AuthContextProvider, type AuthContextValue } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { SessionStateProvider, type SessionState } from '@/lib/session';

/** A session as supabase-js would hold it; only what the frame reads is meaningful. */
export function fakeSession(overrides: Partial<Session['user']> = {}): Session {
  return {
    access_token: 'test-access-token',
    refresh_token: 'test-refresh-token',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date(0).toISOString(),
      phone: '966500000001',
      ...overrides,
    },
  };
}

export const TEST_ORGANIZATION = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Nuzl Demo Stays',
  name_ar: null,
  slug: 'demo',
  default_timezone: 'Asia/Riyadh',
  default_currency: 'SAR',
};

export interface RenderRouteOptions {
  session?: SessionState;
  queryClient?: QueryClient;
}

/** Renders the real route table at `path`, with a chosen session and no retries. */
export function renderRoutes(routes: RouteObject[], path: string, options: RenderRouteOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = options.session ?? { status: 'signed_out', session: null };
  const auth: AuthContextValue = {
    status: session.status,
    session: session.session,
    user: session.session?.user ?? null,
    // A signed-in test user is a staff member of organisation 1, as the demo owner is.
    profile: session.session
      ? {
          id: '10000000-0000-4000-8000-000000000001',
          user_id: session.session.user.id,
          organization_id: TEST_ORGANIZATION.id,
          kind: 'staff',
          full_name: 'Test Owner',
          created_at: new Date(0).toISOString(),
        }
      : null,
    organization: session.session ? TEST_ORGANIZATION : null,
    accountStatus: session.session ? 'ready' : 'idle',
    problem: null,
    sessionExpired: false,
    lastEvent: null,
    reloadAccount: () => Promise.resolve(),
    signOut: () => Promise.resolve(),
    dismissSessionExpired: () => undefined,
  };
  const view = render(
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
  return { ...view, router };
}
