import { queryRoots } from '@/lib/query-roots';
import type { BookingListParams } from '../schemas';

export interface QuoteArgs {
  unitId: string;
  checkIn: string;
  checkOut: string;
  excludeBookingId: string | null;
}

/** Query keys of the bookings feature, broad to narrow (STYLE 3). */
export const bookingKeys = {
  all: queryRoots.bookings,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (params: BookingListParams) => [...bookingKeys.lists(), params] as const,
  calendars: () => [...bookingKeys.all, 'calendar'] as const,
  calendar: (from: string, to: string) => [...bookingKeys.calendars(), from, to] as const,
  detail: (id: string) => [...bookingKeys.all, 'detail', id] as const,
  /** What the booking's guest was told (guest_notices with their messages); under the detail. */
  notices: (id: string) => [...bookingKeys.detail(id), 'notices'] as const,
  quote: (args: QuoteArgs) => [...bookingKeys.all, 'quote', args] as const,
  units: () => [...bookingKeys.all, 'units'] as const,
  guests: (search: string) => [...bookingKeys.all, 'guests', search] as const,
};
