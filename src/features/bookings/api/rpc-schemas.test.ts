import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, UNEXPECTED_RESPONSE } from '@/lib/errors';
import { resetReleaseLapsedRequests } from '@/lib/release-lapsed-requests';
import { json, stubRest } from '@/test/fake-rest';
import type { BookingListParams } from '../schemas';
import { getBookingQuote } from './get-booking-quote';
import { getBookings } from './get-bookings';
import { getCalendarBookings } from './get-calendar-bookings';
import { searchGuests } from './search-guests';

/** The JSON the bookings RPCs answer with is parsed: a changed shape is "Operation failed", not a crash later. */
const row = {
  id: 'b1',
  booking_reference: 'BK-1',
  status: 'confirmed',
  source: 'direct',
  check_in: '2026-12-01',
  check_out: '2026-12-03',
  nights: 2,
  guests_count: 2,
  total_amount: 950,
  created_at: '2026-11-20T10:00:00Z',
  unit: { id: 'u1', name: 'Olaya Studio', name_ar: null },
  client: { id: 'c1', name: 'Omar Haddad', phone: '+966501234567' },
};

let answers: Record<string, unknown> = {};
beforeEach(() => {
  resetReleaseLapsedRequests();
  answers = {};
  stubRest(({ path }) => json(path in answers ? answers[path] : 0));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ kind: 'operation_failed', code: UNEXPECTED_RESPONSE });
}

const params: BookingListParams = {
  search: '',
  scope: 'all',
  statuses: [],
  sources: [],
  dateFrom: null,
  dateTo: null,
  sort: 'check_in',
  ascending: false,
  page: 1,
  pageSize: 25,
};

describe('bookings RPC answers', () => {
  it('list_bookings: a page of typed rows', async () => {
    answers['rpc/list_bookings'] = { total: 1, rows: [row] };
    await expect(getBookings(params)).resolves.toEqual({ total: 1, rows: [row] });
  });

  it('list_bookings: a row without its guest, or an unknown status, fails loudly', async () => {
    answers['rpc/list_bookings'] = { total: 1, rows: [{ ...row, client: undefined }] };
    await failure(getBookings(params));
    answers['rpc/list_bookings'] = { total: 1, rows: [{ ...row, status: 'archived' }] };
    await failure(getBookings(params));
  });

  it('calendar_bookings: tuples grouped by unit; a short tuple fails loudly', async () => {
    answers['rpc/calendar_bookings'] = [['b1', 'u1', '2026-12-01', '2026-12-03', 'pending', 'BK-1', 'Omar']];
    const byUnit = await getCalendarBookings('2026-12-01', '2027-01-01');
    expect(byUnit.get('u1')).toEqual([
      {
        id: 'b1',
        unitId: 'u1',
        checkIn: '2026-12-01',
        checkOut: '2026-12-03',
        status: 'pending',
        reference: 'BK-1',
        guest: 'Omar',
      },
    ]);
    answers['rpc/calendar_bookings'] = [['b1', 'u1', '2026-12-01', '2026-12-03', 'pending']];
    await failure(getCalendarBookings('2026-12-01', '2027-01-01'));
  });

  it('booking_quote: the server total; a total sent as text fails loudly', async () => {
    const quote = { available: true, nights: 2, price_per_night: 400, cleaning_fee: 150, total_amount: 950 };
    answers['rpc/booking_quote'] = quote;
    const args = { unitId: 'u1', checkIn: '2026-12-01', checkOut: '2026-12-03', excludeBookingId: null };
    await expect(getBookingQuote(args)).resolves.toEqual(quote);
    answers['rpc/booking_quote'] = { ...quote, total_amount: '950.00' };
    await failure(getBookingQuote(args));
  });

  it('search_clients (guest picker): id, name and phone of each guest', async () => {
    answers['rpc/search_clients'] = {
      total: 1,
      rows: [{ id: 'c1', name: 'Omar', phone: '+966501234567', is_vip: true }],
    };
    await expect(searchGuests('om')).resolves.toEqual([{ id: 'c1', name: 'Omar', phone: '+966501234567' }]);
    answers['rpc/search_clients'] = { total: 1, items: [] };
    await failure(searchGuests('om'));
  });
});
