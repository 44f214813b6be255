import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { BookingQuote } from '../api/get-booking-quote';
import { emptyBookingForm } from '../schemas';
import { BookingForm } from './booking-form';

// The database's answers (booking_quote, search_clients) come from this stand-in for the
// Supabase client; everything else in the form is real.
const rpc = vi.hoisted(() => ({ quote: vi.fn<(args: unknown) => unknown>() }));
vi.mock('@/lib/supabase', () => {
  const answer = (result: Promise<unknown>) => {
    // supabase-js never rejects: a failure is `{ data: null, error }`.
    const settled = result.then((data) =>
      typeof data === 'object' && data !== null && 'failure' in data
        ? { data: null, error: data.failure }
        : { data, error: null },
    );
    return { abortSignal: () => answer(result), retry: () => answer(result), then: settled.then.bind(settled) };
  };
  return {
    supabase: {
      rpc: (name: string, args: unknown) =>
        name === 'booking_quote'
          ? answer(Promise.resolve().then(() => rpc.quote(args)))
          : name === 'booking_conflicts'
            ? answer(Promise.resolve([]))
            : answer(Promise.resolve({ total: 1, rows: [{ id: 'g1', name: 'Omar Haddad', phone: '+966501234567' }] })),
    },
  };
});

const quoteMock = rpc.quote;
const units = [
  { id: 'u1', name: 'Olaya Studio', name_ar: 'استوديو العليا', max_guests: 2, is_active: true, price_per_night: 400 },
  { id: 'u2', name: 'Hittin Villa', name_ar: 'فيلا حطين', max_guests: 8, is_active: true, price_per_night: 1500 },
];
const freeQuote: BookingQuote = {
  available: true,
  nights: 3,
  price_per_night: 400,
  cleaning_fee: 150,
  total_amount: 1350,
};

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BookingForm
        units={units}
        defaultValues={emptyBookingForm()}
        defaultGuest={null}
        submitLabel="Create booking"
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function chooseStay(user: ReturnType<typeof userEvent.setup>, checkIn: string, checkOut: string) {
  await user.selectOptions(screen.getByLabelText('Unit'), 'u1');
  // A date input takes a whole day at once (as the browser's date picker sets it).
  fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: checkIn } });
  fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: checkOut } });
}

beforeEach(() => quoteMock.mockReset());
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('BookingForm validation', { timeout: 20_000 }, () => {
  it('requires a guest, a unit and both dates', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    expect(await screen.findByText('Choose a guest')).toBeInTheDocument();
    expect(screen.getByText('Choose a unit')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a check-out that is not after the check-in', async () => {
    const { user } = renderForm();
    await chooseStay(user, '2031-05-10', '2031-05-10');
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    expect(await screen.findByText('Check-out must be after check-in')).toBeInTheDocument();
    expect(quoteMock).not.toHaveBeenCalled();
  });

  it('shows the database total when the unit is free, and sends the request', async () => {
    quoteMock.mockResolvedValue(freeQuote);
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByTestId('guest-search'));
    await user.click(await screen.findByRole('option', { name: /Omar Haddad/ }));
    await chooseStay(user, '2031-05-10', '2031-05-13');
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('1,350.00');
    expect(quoteMock).toHaveBeenLastCalledWith({
      unit_id: 'u1',
      check_in: '2031-05-10',
      check_out: '2031-05-13',
      exclude_booking_id: undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      client_id: 'g1',
      unit_id: 'u1',
      check_in: '2031-05-10',
      check_out: '2031-05-13',
      guests_count: 1,
      source: 'direct',
      special_requests: null,
    });
  });

  it('says the unit is already booked and blocks saving', async () => {
    quoteMock.mockResolvedValue({ ...freeQuote, available: false });
    const { user } = renderForm();
    await chooseStay(user, '2031-05-10', '2031-05-13');
    expect(await screen.findByText('This unit is already booked for the selected dates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create booking' })).toBeDisabled();
  });

  it('says "Availability check failed" when the check itself fails, in Arabic too', async () => {
    quoteMock.mockResolvedValue({
      failure: { code: 'PGRST202', message: 'Could not find the function public.booking_quote' },
    });
    await i18n.changeLanguage('ar');
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('الوحدة'), 'u1');
    fireEvent.change(screen.getByLabelText('تاريخ الوصول'), { target: { value: '2031-05-10' } });
    fireEvent.change(screen.getByLabelText('تاريخ المغادرة'), { target: { value: '2031-05-13' } });
    expect(await screen.findByText('تعذّر التحقق من التوفر')).toBeInTheDocument();
  });
});
