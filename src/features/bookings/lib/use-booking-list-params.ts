import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  bookingScopes,
  bookingSortColumns,
  type BookingListParams,
  type BookingScope,
  type BookingSort,
  type BookingSource,
  type BookingStatus,
} from '../schemas';

export const BOOKING_PAGE_SIZE = 25;
const FILTER_KEYS = ['q', 'scope', 'status', 'source', 'from', 'to', 'sort', 'dir'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function listOf<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  return (value ?? '').split(',').filter((item): item is T => (allowed as readonly string[]).includes(item));
}

/** Pure: the list parameters a URL describes (unknown values fall back to the defaults). */
export function parseBookingListParams(searchParams: URLSearchParams): BookingListParams {
  const scope = searchParams.get('scope') ?? '';
  const sort = searchParams.get('sort') ?? '';
  const page = Number(searchParams.get('page') ?? '1');
  const from = searchParams.get('from');
  const to = searchParams.get('to');
  return {
    search: searchParams.get('q') ?? '',
    scope: (bookingScopes as readonly string[]).includes(scope) ? (scope as BookingScope) : 'all',
    statuses: listOf<BookingStatus>(searchParams.get('status'), BOOKING_STATUSES),
    sources: listOf<BookingSource>(searchParams.get('source'), BOOKING_SOURCES),
    dateFrom: from && DAY.test(from) ? from : null,
    dateTo: to && DAY.test(to) ? to : null,
    sort: (bookingSortColumns as readonly string[]).includes(sort) ? (sort as BookingSort) : 'check_in',
    ascending: searchParams.get('dir') === 'asc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: BOOKING_PAGE_SIZE,
  };
}

/** Search, filters, sort, page, view and open dialogs live in the URL (Back and links work). */
export function useBookingListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseBookingListParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (Object.keys(changes).some((key) => FILTER_KEYS.includes(key))) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return { params, searchParams, update };
}
