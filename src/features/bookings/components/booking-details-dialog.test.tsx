import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider, permissionKeys } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { BookingDetailsDialog } from './booking-details-dialog';

const BOOKING = {
  id: 'b1',
  booking_reference: 'BK-7Q2M4X',
  status: 'confirmed',
  source: 'direct',
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  nights: 3,
  guests_count: 2,
  price_per_night: 450,
  cleaning_fee: 0,
  total_amount: 1350,
  special_requests: null,
  cancellation_reason: null,
  request_expires_at: null,
  checked_in_at: null,
  checked_out_at: null,
  cancelled_at: null,
  created_at: '2026-11-20T10:00:00Z',
  unit_id: 'u1',
  client_id: 'c1',
  unit: { id: 'u1', name: 'Marina Loft', name_ar: null, max_guests: 4 },
  client: { id: 'c1', name: 'Sara Al-Harbi', phone: '+966501234567', email: null },
};

/** The details of one confirmed booking under a role with `permissions` (already loaded). */
function renderDialog(permissions: string[]) {
  stubRest((call) => (call.path === 'bookings' ? json(BOOKING) : json([])));
  const session = fakeSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionKeys.mine(session.user.id), permissions);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={fakeAuth(session)}>
          <BookingDetailsDialog bookingId="b1" onOpenChange={vi.fn()} onEdit={vi.fn()} />
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('BookingDetailsDialog follows the role', () => {
  it('offers check-in, cancel and edit with bookings.write', async () => {
    renderDialog(['bookings.read', 'bookings.write']);
    expect(await screen.findByTestId('action-check_in')).toBeInTheDocument();
    expect(screen.getByTestId('action-cancel')).toBeInTheDocument();
    expect(screen.getByTestId('edit-booking')).toBeInTheDocument();
    expect(screen.queryByTestId('booking-read-only')).not.toBeInTheDocument();
  });

  it('a read-only role sees the booking without status changes or edit', async () => {
    renderDialog(['bookings.read']);
    expect(await screen.findByText('BK-7Q2M4X', { exact: false })).toBeInTheDocument();
    expect(screen.queryByTestId('action-check_in')).not.toBeInTheDocument();
    expect(screen.queryByTestId('action-cancel')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-booking')).not.toBeInTheDocument();
    expect(screen.getByTestId('booking-read-only')).toHaveTextContent(
      'Your role can view bookings but not change them.',
    );
  });
});
