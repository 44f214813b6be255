import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { dashboardOverviewSchema, type DashboardOverview } from '../api/get-dashboard-overview';
import { QUICK_ACTIONS, QuickActions } from './quick-actions';
import { StatCards } from './stat-cards';

/** What dashboard_overview() returns as JSON (numeric columns arrive as numbers or strings). */
const payload = {
  organization_id: '20000000-0000-4000-8000-000000000001',
  today: '2026-11-22',
  currency: 'SAR',
  total_units: 12,
  active_units: 11,
  total_clients: 60,
  active_clients: 41,
  bookings_today: { arrivals: 3, departures: 2, in_house: 9 },
  revenue: { this_month: '18250.50', previous_month: 40100 },
  receivables: null,
  recent_bookings: [],
  upcoming_tasks: [],
};

function renderCards(overview: DashboardOverview) {
  return render(
    <I18nextProvider i18n={i18n}>
      <StatCards overview={overview} />
    </I18nextProvider>,
  );
}

afterEach(() => changeLanguage('en'));

describe('dashboard overview', () => {
  it('reads the RPC payload, turning numeric strings into numbers', () => {
    const overview = dashboardOverviewSchema.parse(payload);
    expect(overview.revenue).toEqual({ this_month: 18250.5, previous_month: 40100 });
    expect(() => dashboardOverviewSchema.parse({ ...payload, total_units: undefined })).toThrow();
  });

  it('shows the four figures with SAR amounts (en)', () => {
    renderCards(dashboardOverviewSchema.parse(payload));
    expect(screen.getByTestId('stat-units-value')).toHaveTextContent('12');
    expect(screen.getByTestId('stat-units')).toHaveTextContent('11 active');
    expect(screen.getByTestId('stat-clients-value')).toHaveTextContent('41');
    expect(screen.getByTestId('stat-today-value')).toHaveTextContent('5');
    expect(screen.getByTestId('stat-arrivals')).toHaveTextContent('3 arriving');
    expect(screen.getByTestId('stat-departures')).toHaveTextContent('2 leaving');
    expect(screen.getByTestId('stat-revenue-value').textContent).toMatch(/18,250\.50/);
    expect(screen.getByTestId('stat-revenue').textContent).toMatch(/Last month: .*40,100\.00/);
  });

  it('writes Arabic with Latin digits and Arabic plurals', async () => {
    await changeLanguage('ar');
    renderCards(dashboardOverviewSchema.parse({ ...payload, active_units: 2 }));
    expect(screen.getByTestId('stat-units')).toHaveTextContent('وحدتان نشطتان');
    expect(screen.getByTestId('stat-arrivals')).toHaveTextContent('3 وصول');
    expect(screen.getByTestId('stat-revenue-value').textContent).toMatch(/18,250\.50/);
  });

  it('says so instead of showing 0 when the role cannot read payments', () => {
    renderCards(dashboardOverviewSchema.parse({ ...payload, revenue: null }));
    expect(screen.getByTestId('stat-revenue-value')).toHaveTextContent('—');
    expect(screen.getByTestId('stat-revenue')).toHaveTextContent('Your role cannot see payments');
  });

  it('links every quick action to a real screen, the create dialogs through ?new=1', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <QuickActions />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(QUICK_ACTIONS).toHaveLength(7);
    expect(screen.getByRole('link', { name: 'New unit' })).toHaveAttribute('href', '/dashboard/units?new=1');
    expect(screen.getByRole('link', { name: 'New booking' })).toHaveAttribute('href', '/dashboard/bookings?new=1');
    expect(screen.getByRole('link', { name: 'New client' })).toHaveAttribute('href', '/dashboard/clients?new=1');
    expect(screen.getByRole('link', { name: 'Generate report' })).toHaveAttribute('href', '/dashboard/reports');
  });
});
