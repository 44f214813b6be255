import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContextProvider } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { changeLanguage, i18n } from '@/lib/i18n';
import { fakeAuth, fakeSession, TEST_ORGANIZATION } from '@/test/render';
import { dashboardOverviewSchema } from '../api/get-dashboard-overview';
import { RecentBookings } from './recent-bookings';
import { UpcomingTasks } from './upcoming-tasks';

/** The lists part of dashboard_overview(): a unit with an Arabic name, one without; a generated task and a person's task. */
const overview = dashboardOverviewSchema.parse({
  today: '2026-11-22',
  currency: 'SAR',
  total_units: 2,
  active_units: 2,
  total_clients: 1,
  active_clients: 1,
  bookings_today: { arrivals: 0, departures: 0, in_house: 0 },
  revenue: null,
  recent_bookings: [
    {
      id: 'b1',
      booking_reference: 'BK-ABC234',
      check_in: '2026-11-20',
      check_out: '2026-11-22',
      status: 'checked_out',
      total_amount: '1450.00',
      unit_name: 'Olaya Skyline Apartment',
      unit_name_ar: 'شقة العليا سكاي لاين',
      client_name: 'Sara Al-Qahtani',
    },
    {
      id: 'b2',
      booking_reference: 'BK-DEF567',
      check_in: '2026-11-23',
      check_out: '2026-11-25',
      status: 'confirmed',
      total_amount: 900,
      unit_name: 'Garden Flat',
      unit_name_ar: null,
      client_name: 'Omar',
    },
  ],
  upcoming_tasks: [
    {
      id: 't1',
      title: 'Cleaning: Olaya Skyline Apartment',
      title_ar: 'تنظيف: شقة العليا سكاي لاين',
      type: 'cleaning',
      priority: 'high',
      status: 'pending',
      due_at: '2026-11-22T12:00:00Z',
      unit_name: 'Olaya Skyline Apartment',
      unit_name_ar: 'شقة العليا سكاي لاين',
    },
    {
      id: 't2',
      title: 'Fix AC in master bedroom',
      title_ar: null,
      type: 'repair',
      priority: 'urgent',
      status: 'in_progress',
      due_at: null,
      unit_name: null,
      unit_name_ar: null,
    },
  ],
});

function renderLists() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <RecentBookings bookings={overview.recent_bookings} currency={overview.currency} />
        <UpcomingTasks tasks={overview.upcoming_tasks} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

// Unmount first: switching the language back re-renders mounted components outside act().
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('overview lists', () => {
  it('name units and tasks in Arabic for an Arabic reader, falling back to the default text', async () => {
    await changeLanguage('ar');
    renderLists();
    expect(screen.getAllByTestId('recent-booking-unit').map((el) => el.textContent)).toEqual([
      'شقة العليا سكاي لاين',
      'Garden Flat',
    ]);
    expect(screen.getAllByTestId('upcoming-task-title').map((el) => el.textContent)).toEqual([
      'تنظيف: شقة العليا سكاي لاين',
      'Fix AC in master bedroom',
    ]);
    expect(screen.getByTestId('upcoming-tasks')).toHaveTextContent('شقة العليا سكاي لاين ·');
    expect(screen.queryByText(/Olaya Skyline Apartment/)).toBeNull();
  });

  it('keep the English names for an English reader', () => {
    renderLists();
    expect(screen.getAllByTestId('recent-booking-unit').map((el) => el.textContent)).toEqual([
      'Olaya Skyline Apartment',
      'Garden Flat',
    ]);
    expect(screen.getAllByTestId('upcoming-task-title').map((el) => el.textContent)).toEqual([
      'Cleaning: Olaya Skyline Apartment',
      'Fix AC in master bedroom',
    ]);
    expect(screen.queryByText(/شقة العليا/)).toBeNull();
  });

  it("show a task's due time in the organisation's time zone, not Riyadh's", () => {
    const auth = fakeAuth(fakeSession());
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <AuthContextProvider
            value={{ ...auth, organization: { ...TEST_ORGANIZATION, default_timezone: 'America/New_York' } }}
          >
            <UpcomingTasks tasks={overview.upcoming_tasks} />
          </AuthContextProvider>
        </MemoryRouter>
      </I18nextProvider>,
    );
    // 12:00 UTC is 7:00 in New York (15:00 in Riyadh).
    expect(screen.getByTestId('upcoming-tasks')).toHaveTextContent(
      formatDateTime('2026-11-22T12:00:00Z', 'en', 'America/New_York'),
    );
    expect(screen.getByTestId('upcoming-tasks')).toHaveTextContent('7:00');
  });
});
