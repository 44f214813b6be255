import type { Session } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AuthContextProvider, type AccountProfile, type AuthContextValue } from '@/lib/auth';
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

/**
 * The auth context of `session`'s account — by default a staff member of organisation 1, as the
 * demo owner is; a `kind` other than staff (vendor, platform) has no organisation — or of nobody.
 */
export function fakeAuth(session: Session | null, profile: Partial<AccountProfile> = {}): AuthContextValue {
  const staff = (profile.kind ?? 'staff') === 'staff';
  return {
    status: session ? 'signed_in' : 'signed_out',
    session,
    user: session?.user ?? null,
    profile: session
      ? {
          id: '10000000-0000-4000-8000-000000000001',
          user_id: session.user.id,
          organization_id: staff ? TEST_ORGANIZATION.id : null,
          kind: 'staff',
          full_name: 'Test Owner',
          created_at: new Date(0).toISOString(),
          ...profile,
        }
      : null,
    organization: session && staff ? TEST_ORGANIZATION : null,
    accountStatus: session ? 'ready' : 'idle',
    problem: null,
    sessionExpired: false,
    lastEvent: null,
    reloadAccount: () => Promise.resolve(),
    signOut: () => Promise.resolve(),
    dismissSessionExpired: () => undefined,
  };
}

export interface RenderRouteOptions {
  session?: SessionState;
  queryClient?: QueryClient;
}

/** Renders the real route table at `path`, with a chosen session and no retries. */
export function renderRoutes(routes: RouteObject[], path: string, options: RenderRouteOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = options.session ?? { status: 'signed_out', session: null };
  const auth: AuthContextValue = { ...fakeAuth(session.session), status: session.status };
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
