import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import type { OrganizationDetail, OrganizationRow } from './schemas';

/**
 * Component tests of the console: the real supabase-js client and TanStack Query against a
 * stand-in Supabase HTTP API (test/fake-rest) answering by path (`rpc/admin_organizations`).
 */
export function stubSupabase(handlers: Record<string, (call: RestCall) => unknown>) {
  return stubRest((call) => {
    const handler = handlers[call.path];
    if (!handler) return json({ code: 'PGRST202', message: `no stub for ${call.path}` }, 404);
    const body = handler(call);
    return body instanceof Response ? body : json(body);
  });
}

export function renderConsole(element: ReactNode, path = '/super-admin') {
  const router = createMemoryRouter([{ path: '/super-admin', element }], { initialEntries: [path] });
  const queryClient = createQueryClient({ environment: 'development', debug: false });
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, user: userEvent.setup({ delay: null }) };
}

export const SECOND_ID = '20000000-0000-4000-8000-000000000002';

export function organizationRow(overrides: Partial<OrganizationRow> = {}): OrganizationRow {
  return {
    id: SECOND_ID,
    name: 'Second Homes',
    name_ar: 'البيوت الثانية',
    slug: 'second',
    plan: 'advanced',
    billing_cycle: 'monthly',
    status: 'active',
    suspended_at: null,
    created_at: '2026-11-22T08:00:00Z',
    owner_name: 'Noura Al-Harbi',
    owner_email: null,
    owner_phone: '+966500000002',
    units: 2,
    users: 1,
    bookings_30d: 3,
    ...overrides,
  };
}

export function organizationDetail(overrides: Partial<OrganizationDetail['organization']> = {}): OrganizationDetail {
  return {
    organization: {
      id: SECOND_ID,
      name: 'Second Homes',
      name_ar: 'البيوت الثانية',
      slug: 'second',
      plan: 'advanced',
      billing_cycle: 'monthly',
      status: 'active',
      suspended_at: null,
      suspended_reason: null,
      suspended_by_name: null,
      created_at: '2026-11-22T08:00:00Z',
      default_timezone: 'Asia/Riyadh',
      public_site_enabled: true,
      ...overrides,
    },
    owner: { id: 'u2', name: 'Noura Al-Harbi', email: null, phone: '+966500000002', last_sign_in_at: null },
    usage: {
      units: 2,
      active_units: 2,
      users: 1,
      bookings: 5,
      bookings_30d: 3,
      invoices: 2,
      invoices_total: 1150,
      currency: 'SAR',
      last_activity_at: '2026-11-27T09:00:00Z',
    },
    limits: { units: 2, users: null },
    plans: {
      basic: { units: 1, users: 1 },
      advanced: { units: 2, users: null },
      enterprise: { units: null, users: null },
    },
  };
}
