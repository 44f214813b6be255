import { describe, expect, it } from 'vitest';
import { readUrlState } from '@/lib/url-state';
import { BOOKINGS_URL, parseBookingListParams } from './use-booking-list-params';

describe('parseBookingListParams', () => {
  it('reads search, scope, filters, dates, sort and page from the URL', () => {
    const params = parseBookingListParams(
      new URLSearchParams(
        'q=BK-7&scope=active&status=confirmed,pending&source=airbnb&from=2026-11-01&to=2026-11-30&sort=guest&dir=asc&page=3',
      ),
    );
    expect(params).toEqual({
      search: 'BK-7',
      scope: 'active',
      statuses: ['confirmed', 'pending'],
      sources: ['airbnb'],
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      sort: 'guest',
      ascending: true,
      page: 3,
      pageSize: 25,
    });
  });

  it('falls back to the defaults for anything unknown', () => {
    const params = parseBookingListParams(
      new URLSearchParams('scope=everything&status=lost&source=fax&from=yesterday&sort=price;drop&page=-2'),
    );
    expect(params).toMatchObject({
      scope: 'all',
      statuses: [],
      sources: [],
      dateFrom: null,
      sort: 'check_in',
      ascending: false,
      page: 1,
    });
  });

  it('reads the calendar and the dialogs, and ignores a malformed month or id', () => {
    expect(
      readUrlState(
        BOOKINGS_URL,
        new URLSearchParams('view=calendar&month=2026-12-01&months=3&new=1&unit=u-1&check_in=2026-12-05'),
      ),
    ).toMatchObject({
      view: 'calendar',
      month: '2026-12-01',
      months: '3',
      creating: true,
      unit: 'u-1',
      checkIn: '2026-12-05',
    });
    expect(
      readUrlState(BOOKINGS_URL, new URLSearchParams('view=map&month=december&months=2&booking=a b&check_in=soon')),
    ).toMatchObject({ view: 'list', month: null, months: '1', booking: null, checkIn: null });
  });
});
