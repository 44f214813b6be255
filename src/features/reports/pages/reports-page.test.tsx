import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { json, stubRest, type RestCall } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import type { Figures, ReportOverview } from '../api/get-report-overview';
import { ReportsPage } from './reports-page';

const UNIT = '30000000-0000-4000-8000-000000000001';

function figures(overrides: Partial<Figures> = {}): Figures {
  return {
    available_nights: 30,
    blocked_nights: 0,
    nights_sold: 15,
    occupancy: 0.5,
    adr: 400,
    revpar: 200,
    revenue_booked: 6000,
    revenue_invoiced: null,
    revenue_collected: 5000,
    bookings: 4,
    cancellations: 1,
    cancellation_rate: 0.2,
    avg_length_of_stay: 3.75,
    avg_lead_time_days: 12,
    ...overrides,
  };
}

const overview: ReportOverview = {
  period: { from: '2026-10-01', to: '2026-10-31', days: 31 },
  previous: { from: '2026-08-31', to: '2026-09-30', days: 31 },
  last_year: { from: '2025-10-01', to: '2025-10-31', days: 31 },
  currency: 'SAR',
  can: { invoices: false, payments: true },
  totals: {
    current: figures(),
    previous: figures({ occupancy: 0.4, revenue_booked: 8000 }),
    last_year: figures({ occupancy: 0, revenue_booked: 0 }),
  },
  by_month: [{ month: '2026-10', ...figures() }],
  by_unit: [{ unit_id: UNIT, name: 'Palm Villa', name_ar: 'فيلا النخيل', type: 'villa', city: 'Riyadh', ...figures() }],
  by_source: [{ source: 'direct', ...figures() }],
  filters: {
    units: [{ id: UNIT, name: 'Palm Villa', name_ar: 'فيلا النخيل', type: 'villa', city: 'Riyadh' }],
    types: ['villa'],
    cities: ['Riyadh'],
    sources: ['direct', 'airbnb'],
  },
};

function renderPage(permissions: string[], path: string, alertsTab?: React.ReactNode) {
  const calls = stubRest((call: RestCall) => {
    if (call.path === 'rpc/my_permissions') return json(permissions);
    if (call.path === 'rpc/report_overview') return json(overview);
    return json({ message: `no stub for ${call.path}` }, 404);
  });
  const router = createMemoryRouter([{ path: '/dashboard/reports', element: <ReportsPage alertsTab={alertsTab} /> }], {
    initialEntries: [path],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={fakeAuth(fakeSession())}>
          <RouterProvider router={router} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { calls, router };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('ReportsPage', { timeout: 20_000 }, () => {
  it('asks for the period and filters of the URL and shows each figure with both comparisons', async () => {
    const { calls } = renderPage(
      ['bookings.read', 'reports.view', 'payments.read'],
      `/dashboard/reports?period=custom&from=2026-10-01&to=2026-10-31&units=${UNIT}&source=direct`,
    );
    const occupancy = await screen.findByTestId('kpi-occupancy');
    expect(within(occupancy).getByTestId('kpi-occupancy-value')).toHaveTextContent('50.0%');
    // 50 % against 40 %: up a quarter, said by the words and the sign, not only the colour.
    const previous = within(occupancy).getByTestId('kpi-occupancy-vs-previous');
    expect(previous).toHaveAttribute('data-direction', 'up');
    expect(previous).toHaveTextContent('Up+25.0%vs previous period');
    // Nothing last year: no comparison rather than "+∞ %".
    expect(within(occupancy).getByTestId('kpi-occupancy-vs-last-year')).toHaveTextContent('Nothing to compare');
    expect(screen.getByTestId('kpi-revenue_booked-vs-previous')).toHaveTextContent('Down-25.0%');
    // Invoiced money without invoices.read: said so, never 0.
    expect(screen.getByTestId('kpi-revenue_invoiced-value')).toHaveTextContent('Not visible to your role');
    const request = calls.find((call) => call.path === 'rpc/report_overview');
    expect(request?.body).toEqual({
      date_from: '2026-10-01',
      date_to: '2026-10-31',
      unit_ids: [UNIT],
      sources: ['direct'],
    });
    expect(screen.getByTestId('report-filter-units')).toHaveTextContent('Palm Villa');
  });

  it('keeps the tab and the table sort in the URL', async () => {
    const { router } = renderPage(['bookings.read', 'reports.view'], '/dashboard/reports?period=last_month');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'By unit' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=by_unit'));
    const table = await screen.findByTestId('by-unit-table');
    expect(within(table).getByRole('rowheader', { name: 'Palm Villa' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Occupancy' }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=occupancy%3Adesc'));
    expect(within(table).getByRole('columnheader', { name: 'Occupancy' })).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toContain('period=last_month');
  });

  it('shows the alerts tab when the route gives it', async () => {
    renderPage(['bookings.read', 'reports.view'], '/dashboard/reports?tab=alerts', <p>alerts here</p>);
    expect(await screen.findByText('alerts here')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'By unit',
      'By channel',
      'Statement',
      'Alerts',
    ]);
  });

  it('says "Permission denied" without bookings.read, and asks for no figures', async () => {
    const { calls } = renderPage(['reports.view', 'payments.read'], '/dashboard/reports');
    expect(await screen.findByTestId('reports-no-access')).toHaveTextContent('your role cannot read bookings');
    expect(calls.some((call) => call.path === 'rpc/report_overview')).toBe(false);
  });

  it('leaves a role without bookings.read the alerts tab alone, when the route gives it', async () => {
    const { calls } = renderPage(['reports.view', 'payments.read'], '/dashboard/reports', <p>alerts here</p>);
    expect(await screen.findByText('alerts here')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Alerts']);
    expect(calls.some((call) => call.path === 'rpc/report_overview')).toBe(false);
  });

  it('reads in Arabic from the right, with Arabic labels and unit names', async () => {
    await i18n.changeLanguage('ar');
    renderPage(['bookings.read', 'reports.view', 'payments.read'], '/dashboard/reports?tab=by_unit');
    const table = await screen.findByTestId('by-unit-table');
    expect(within(table).getByRole('rowheader', { name: 'فيلا النخيل' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'حسب الوحدة' })).toHaveAttribute('aria-selected', 'true');
  });
});
