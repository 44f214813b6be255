import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { AuthContextProvider, type AuthContextValue } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import type { TeamRow } from './schemas';

/**
 * Component tests of the users feature: the real supabase-js client and TanStack Query against a
 * stand-in Supabase HTTP API (test/fake-rest), a memory router and an auth context of choice.
 */
export type Handlers = Record<string, (call: RestCall) => unknown>;

/** Answers by path (`rpc/team_members`, `profiles`, `/auth/v1/otp`), 404 otherwise; records every call. */
export function stubSupabase(handlers: Handlers) {
  return stubRest((call) => {
    const key = call.url.pathname.includes('/rest/v1/') ? call.path : call.url.pathname;
    const handler = handlers[key];
    if (!handler) return json({ code: 'PGRST202', message: `no stub for ${key}` }, 404);
    const body = handler(call);
    return body instanceof Response ? body : json(body);
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderAt(
  element: ReactNode,
  { path, route, auth = fakeAuth(fakeSession()) }: { path: string; route: string; auth?: AuthContextValue },
) {
  const router = createMemoryRouter(
    [
      {
        path: route,
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
  const queryClient = createQueryClient({ environment: 'development', debug: false });
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={auth}>
          <RouterProvider router={router} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, user: userEvent.setup({ delay: null }) };
}

export function memberRow(overrides: Partial<TeamRow> = {}): TeamRow {
  return {
    kind: 'member',
    id: 'p-faisal',
    user_id: 'u-faisal',
    full_name: 'Faisal Al-Otaibi',
    email: 'faisal@demo.nuzl.example',
    phone: '+966500000003',
    language: 'en',
    status: 'active',
    last_login_at: '2026-11-27T07:05:00Z',
    created_at: '2026-07-01T00:00:00Z',
    is_owner: false,
    is_self: false,
    manageable: true,
    roles: [{ id: 'role-member', key: 'member', name: 'Team Member' }],
    expires_at: null,
    email_sent_at: null,
    email_requested_at: null,
    email_error: null,
    invited_by_name: null,
    ...overrides,
  };
}

export function invitationRow(overrides: Partial<TeamRow> = {}): TeamRow {
  return memberRow({
    kind: 'invitation',
    id: 'inv-sara',
    user_id: null,
    full_name: null,
    phone: null,
    email: 'sara@example.com',
    language: 'ar',
    status: 'pending',
    last_login_at: null,
    roles: [{ id: 'role-manager', key: 'manager', name: 'Manager' }],
    expires_at: '2099-12-04T15:30:00Z',
    email_requested_at: '2026-11-27T07:59:58Z',
    email_sent_at: '2026-11-27T08:00:00Z',
    invited_by_name: 'Abdullah Al-Qahtani',
    ...overrides,
  });
}
