import { useMemo } from 'react';
import { readUrlState, urlParam, type UrlStateDefinition, type UrlStateValues } from '@/lib/url-state';
import { useUrlState } from '@/lib/use-url-state';
import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  bookingScopes,
  bookingSortColumns,
  type BookingListParams,
} from '../schemas';

export const BOOKING_PAGE_SIZE = 25;
const ID = /^[\w-]{1,64}$/;

/**
 * Search, filters, sort, page, view and open dialogs live in the URL (Back and links work):
 * the list's `?q=&scope=&status=&source=&from=&to=&sort=&dir=&page=`, `?view=calendar&month=
 * &months=3`, `?booking=<id>` (a booking's details) and `?new=1[&unit=&check_in=]` (the create
 * dialog, from the dashboard's quick action and the calendar's free days).
 */
export const BOOKINGS_URL = {
  search: urlParam.text({ key: 'q', filter: true }),
  scope: urlParam.oneOf(bookingScopes, 'all', { filter: true }),
  statuses: urlParam.listOf(BOOKING_STATUSES, { key: 'status', filter: true }),
  sources: urlParam.listOf(BOOKING_SOURCES, { key: 'source', filter: true }),
  dateFrom: urlParam.day({ key: 'from', filter: true }),
  dateTo: urlParam.day({ key: 'to', filter: true }),
  sort: urlParam.oneOf(bookingSortColumns, 'check_in', { filter: true }),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'desc', { filter: true }),
  page: urlParam.page(),
  view: urlParam.oneOf(['list', 'calendar'] as const, 'list'),
  month: urlParam.day(),
  months: urlParam.oneOf(['1', '3'] as const, '1'),
  booking: urlParam.matching(ID),
  creating: urlParam.flag({ key: 'new' }),
  unit: urlParam.matching(ID),
  checkIn: urlParam.day({ key: 'check_in' }),
} satisfies UrlStateDefinition;
export type BookingsUrlState = UrlStateValues<typeof BOOKINGS_URL>;
/** A change of the bookings screen's URL state (what the list's filters and the calendar send). */
export type BookingsUrlPatch = Partial<BookingsUrlState>;

export function bookingListParams(values: BookingsUrlState): BookingListParams {
  return {
    search: values.search,
    scope: values.scope,
    statuses: values.statuses,
    sources: values.sources,
    dateFrom: values.dateFrom,
    dateTo: values.dateTo,
    sort: values.sort,
    ascending: values.dir === 'asc',
    page: values.page,
    pageSize: BOOKING_PAGE_SIZE,
  };
}

/** Pure: the list parameters a URL describes (unknown values fall back to the defaults). */
export function parseBookingListParams(searchParams: URLSearchParams): BookingListParams {
  return bookingListParams(readUrlState(BOOKINGS_URL, searchParams));
}

export function useBookingListParams() {
  const { values, set } = useUrlState(BOOKINGS_URL);
  const params = useMemo(() => bookingListParams(values), [values]);
  return { params, values, set };
}
