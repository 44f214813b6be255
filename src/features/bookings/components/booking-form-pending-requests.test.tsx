import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { emptyBookingForm } from '../schemas';
import { BookingForm } from './booking-form';

// The database's answers (booking_quote, booking_conflicts, search_clients) come from this
// stand-in for the Supabase client; everything else in the form is real.
const rpc = vi.hoisted(() => ({ conflicts: vi.fn<() => unknown>() }));
vi.mock('@/lib/supabase', () => {
  const answer = (result: Promise<unknown>) => {
    const settled = result.then((data) => ({ data, error: null }));
    return { abortSignal: () => answer(result), retry: () => answer(result), then: settled.then.bind(settled) };
  };
  const busyQuote = { available: false, nights: 3, price_per_night: 400, cleaning_fee: 150, total_amount: 1350 };
  return {
    supabase: {
      rpc: (name: string) => {
        if (name === 'booking_quote') return answer(Promise.resolve(busyQuote));
        if (name === 'booking_conflicts') return answer(Promise.resolve().then(() => rpc.conflicts()));
        return answer(Promise.resolve({ total: 1, rows: [{ id: 'g1', name: 'Omar Haddad', phone: '+966501234567' }] }));
      },
    },
  };
});

const units = [
  { id: 'u1', name: 'Olaya Studio', name_ar: 'استوديو العليا', max_guests: 2, is_active: true, price_per_night: 400 },
];
const request = {
  id: 'r1',
  booking_reference: 'BK-REQ123',
  status: 'pending',
  booking_check_in: '2031-05-11',
  booking_check_out: '2031-05-12',
  guest_name: 'Huda Al-Qahtani',
  request_expires_at: '2031-05-01T09:30:00Z',
};

function renderForm() {
  const onDeclineAndBook = vi.fn<(values: unknown, ids: string[]) => Promise<unknown>>().mockResolvedValue(undefined);
  const onOpenBooking = vi.fn<(id: string) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BookingForm
        units={units}
        defaultValues={emptyBookingForm()}
        defaultGuest={null}
        submitLabel="Create booking"
        onSubmit={vi.fn()}
        onCancel={() => undefined}
        onDeclineAndBook={onDeclineAndBook}
        onOpenBooking={onOpenBooking}
      />
    </QueryClientProvider>,
  );
  return { onDeclineAndBook, onOpenBooking, user: userEvent.setup() };
}

async function chooseStay(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('guest-search'));
  await user.click(await screen.findByRole('option', { name: /Omar Haddad/ }));
  await user.selectOptions(screen.getByTestId('unit-select'), 'u1');
  fireEvent.change(screen.getByTestId('check-in'), { target: { value: '2031-05-10' } });
  fireEvent.change(screen.getByTestId('check-out'), { target: { value: '2031-05-13' } });
}

beforeEach(() => rpc.conflicts.mockReset());
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('BookingForm: dates held by a public request', { timeout: 20_000 }, () => {
  it('shows the request (guest, dates, when it lapses) instead of "already booked"', async () => {
    rpc.conflicts.mockReturnValue([request]);
    const { user } = renderForm();
    await chooseStay(user);
    const notice = await screen.findByTestId('pending-requests');
    expect(within(notice).getByText('These dates are held by a booking request waiting for your answer')).toBeVisible();
    expect(notice).toHaveTextContent('BK-REQ123');
    expect(notice).toHaveTextContent('Huda Al-Qahtani');
    expect(within(notice).getByTestId('pending-request-lapses')).toHaveTextContent(
      /^Lapses .*2031.* unless you confirm it$/,
    );
    expect(screen.queryByText('This unit is already booked for the selected dates')).not.toBeInTheDocument();
    // Saving over the request stays blocked until staff choose.
    expect(screen.getByRole('button', { name: 'Create booking' })).toBeDisabled();
  });

  it('decline and book asks first (by keyboard too), then declines exactly the requests shown, with the form values', async () => {
    rpc.conflicts.mockReturnValue([request]);
    const { user, onDeclineAndBook } = renderForm();
    await chooseStay(user);
    await user.click(await screen.findByRole('button', { name: 'Decline and book' }));
    // Asked in place: focus moves to "Keep the request", which keeps it and returns focus.
    const question = await screen.findByRole('group', { name: 'Decline the booking request?' });
    expect(question).toHaveTextContent('BK-REQ123');
    expect(within(question).getByRole('button', { name: 'Keep the request' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('group', { name: 'Decline the booking request?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline and book' })).toHaveFocus();
    expect(onDeclineAndBook).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await user.click(
      within(await screen.findByRole('group', { name: 'Decline the booking request?' })).getByRole('button', {
        name: 'Decline and book',
      }),
    );
    await waitFor(() => expect(onDeclineAndBook).toHaveBeenCalledTimes(1));
    expect(onDeclineAndBook.mock.calls[0]).toEqual([
      {
        client_id: 'g1',
        unit_id: 'u1',
        check_in: '2031-05-10',
        check_out: '2031-05-13',
        guests_count: 1,
        source: 'direct',
        special_requests: null,
      },
      ['r1'],
    ]);
  });

  it('opens the request instead, to confirm it', async () => {
    rpc.conflicts.mockReturnValue([request]);
    const { user, onOpenBooking } = renderForm();
    await chooseStay(user);
    await user.click(await screen.findByRole('button', { name: 'Open request BK-REQ123' }));
    expect(onOpenBooking).toHaveBeenCalledWith('r1');
  });

  it('a confirmed booking in the way as well: the plain "already booked", no decline', async () => {
    rpc.conflicts.mockReturnValue([
      request,
      { ...request, id: 'b2', booking_reference: 'BK-CONF01', status: 'confirmed', request_expires_at: null },
    ]);
    const { user } = renderForm();
    await chooseStay(user);
    expect(await screen.findByText('This unit is already booked for the selected dates')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-requests')).not.toBeInTheDocument();
  });

  it('in Arabic', async () => {
    rpc.conflicts.mockReturnValue([request]);
    await i18n.changeLanguage('ar');
    const { user } = renderForm();
    await chooseStay(user);
    const notice = await screen.findByTestId('pending-requests');
    expect(notice).toHaveTextContent('هذه التواريخ محجوزة مؤقتًا بطلب حجز ينتظر ردّك');
    expect(within(notice).getByRole('button', { name: 'رفض الطلب والحجز' })).toBeVisible();
    expect(within(notice).getByRole('button', { name: 'فتح الطلب BK-REQ123' })).toBeVisible();
  });
});
