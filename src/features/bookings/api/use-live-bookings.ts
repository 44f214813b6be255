import { queryRoots, rootsShowing } from '@/lib/query-roots';
import { useTableChanges } from '@/lib/realtime/use-table-changes';

/** Every query that shows bookings (calendar, list, details, a unit's month, a client's stays…). */
const BOOKING_QUERY_KEYS = rootsShowing(['bookings']).map((root) => queryRoots[root]);

/**
 * Live bookings (issue 16): a stay created, moved, confirmed or cancelled elsewhere (another
 * member, a guest's request, a channel sync) refreshes the calendar and the list, through Realtime
 * on public.bookings filtered by the organisation (bookings_select decides who receives rows).
 * Changes are coalesced: a sync importing 50 stays refetches once, not 50 times.
 */
export function useLiveBookings(organizationId: string | null | undefined): void {
  useTableChanges({ table: 'bookings', scope: organizationId, queryKeys: BOOKING_QUERY_KEYS });
}
