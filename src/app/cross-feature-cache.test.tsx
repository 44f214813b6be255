import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChangeBookingStatus } from '@/features/bookings/api/change-booking-status';
import { useClientBookings } from '@/features/clients/api/get-client-bookings';
import { useDashboardOverview } from '@/features/dashboard/api/get-dashboard-overview';
import { useTasks } from '@/features/tasks/api/get-tasks';
import type { TaskFilters } from '@/features/tasks/schemas';
import { useUnitCalendar } from '@/features/units/api/get-unit-calendar';
import { createQueryClient } from '@/lib/query-client';
import { resetReleaseLapsedRequests } from '@/lib/release-lapsed-requests';
import { json, stubRest, type RestCall } from '@/test/fake-rest';

/**
 * Checking a booking out writes the booking and, by trigger, a cleaning task. With the app's
 * own QueryClient (production cache: 30 minutes fresh), every screen showing either must fetch
 * again at once, not only the bookings feature: here the tasks list, the overview, the unit's
 * month and the client's stays are on screen while the booking is checked out.
 */
const ORG = 'o1';
const filters: TaskFilters = {
  view: 'list',
  type: 'all',
  priority: 'all',
  status: 'all',
  unit: 'all',
  assignee: 'all',
  due: 'all',
  page: 1,
};
const overview = {
  today: '2026-12-03',
  currency: 'SAR',
  total_units: 1,
  active_units: 1,
  total_clients: 1,
  active_clients: 1,
  bookings_today: { arrivals: 0, departures: 1, in_house: 0 },
  revenue: null,
  recent_bookings: [],
  upcoming_tasks: [],
};

let calls: RestCall[] = [];
beforeEach(() => {
  resetReleaseLapsedRequests();
  calls = stubRest(({ method, path, url }) => {
    if (method === 'PATCH' && path === 'bookings') return json({ id: 'b1', status: 'checked_out' });
    if (path === 'rpc/dashboard_overview') return json(overview);
    if (path === 'rpc/release_lapsed_booking_requests') return json(0);
    if (path === 'tasks') return json([], 200, { 'content-range': '*/0' });
    if (path === 'bookings' && url.searchParams.has('unit_id')) return json([]);
    if (path === 'bookings' && url.searchParams.has('client_id')) return json([]);
    return json({ message: `unexpected ${method} ${path}` }, 500);
  });
});
afterEach(() => vi.unstubAllGlobals());

const reads = {
  tasks: () => calls.filter((call) => call.method === 'GET' && call.path === 'tasks').length,
  overview: () => calls.filter((call) => call.path === 'rpc/dashboard_overview').length,
  unitMonth: () => calls.filter((call) => call.path === 'bookings' && call.url.searchParams.has('unit_id')).length,
  clientStays: () => calls.filter((call) => call.path === 'bookings' && call.url.searchParams.has('client_id')).length,
};

describe('a booking checked out', () => {
  it('refetches the tasks, the overview, the unit calendar and the client stays on screen', async () => {
    const client = createQueryClient({ environment: 'production', debug: false });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        tasks: useTasks({ organizationId: ORG, userId: 'user-1', timeZone: 'Asia/Riyadh' }, filters),
        overview: useDashboardOverview(ORG),
        unitMonth: useUnitCalendar('u1', '2026-12'),
        clientStays: useClientBookings('c1'),
        checkOut: useChangeBookingStatus(),
      }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.tasks.isSuccess).toBe(true);
      expect(result.current.overview.isSuccess).toBe(true);
      expect(result.current.unitMonth.isSuccess).toBe(true);
      expect(result.current.clientStays.isSuccess).toBe(true);
    });
    const before = {
      tasks: reads.tasks(),
      overview: reads.overview(),
      unitMonth: reads.unitMonth(),
      clientStays: reads.clientStays(),
    };

    await result.current.checkOut.mutateAsync({ id: 'b1', action: 'check_out' });

    await waitFor(() => {
      expect(reads.tasks()).toBeGreaterThan(before.tasks);
      expect(reads.overview()).toBeGreaterThan(before.overview);
      expect(reads.unitMonth()).toBeGreaterThan(before.unitMonth);
      expect(reads.clientStays()).toBeGreaterThan(before.clientStays);
    });
  });
});
