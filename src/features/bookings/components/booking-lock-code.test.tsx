import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider, permissionKeys } from '@/lib/auth';
import { changeLanguage, i18n } from '@/lib/i18n';
import { json, stubRest } from '@/test/fake-rest';
import { fakeAuth, fakeSession } from '@/test/render';
import { BookingLockCode } from './booking-lock-code';

function renderCode(row: Record<string, unknown> | null, permissions: string[] = ['bookings.read']) {
  const calls = stubRest((call) =>
    call.path === 'booking_lock_codes' ? json(row ? [row] : []) : call.path.startsWith('rpc/') ? json(null) : json([]),
  );
  const session = fakeSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionKeys.mine(session.user.id), permissions);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContextProvider value={fakeAuth(session)}>
          <div data-testid="host">
            <BookingLockCode bookingId="b1" />
          </div>
        </AuthContextProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

const ROW = {
  id: 'c1',
  code: '246810',
  starts_at: '2026-12-10T12:00:00Z',
  ends_at: '2026-12-13T09:00:00Z',
  wanted: 'present',
  state: 'active',
  last_error: null,
  next_attempt_at: '2026-12-01T00:00:00Z',
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the door code on the booking', () => {
  it('shows the stay code, its validity and that the lock holds it', async () => {
    const calls = renderCode(ROW);
    const box = await screen.findByTestId('booking-stay-code');
    expect(box).toHaveTextContent('Door code');
    expect(box).toHaveTextContent('246810');
    expect(box).toHaveTextContent('On the lock');
    expect(calls.some((c) => c.path === 'booking_lock_codes' && c.url.searchParams.get('booking_id') === 'eq.b1')).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
  });

  it('shows a failure with its reason, in Arabic too', async () => {
    await changeLanguage('ar');
    renderCode({ ...ROW, state: 'failed', last_error: 'The lock is full (250 codes). Delete old codes first.' });
    const box = await screen.findByTestId('booking-stay-code');
    expect(box).toHaveTextContent('رمز الباب');
    expect(box).toHaveTextContent('فشل');
    expect(box).toHaveTextContent('The lock is full');
  });

  it('offers "Retry now" on a failure to staff who change bookings', async () => {
    const user = userEvent.setup();
    const calls = renderCode({ ...ROW, state: 'failed', last_error: 'TTLock could not be reached. Try again.' }, [
      'bookings.read',
      'bookings.write',
    ]);
    await user.click(await screen.findByRole('button', { name: 'Retry now' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'rpc/retry_stay_lock_code')?.body).toEqual({ booking_id: 'b1' }),
    );
  });

  it('shows nothing for a booking without a code', async () => {
    renderCode(null);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('host')).toBeEmptyDOMElement();
  });
});
