import { queryRoots } from '@/lib/query-roots';

/**
 * Query keys of the financial alerts, broad to narrow (STYLE 3). Under the dashboard's root: the
 * alerts watch bookings, units, invoices and payments, whose writes refresh that root (lib/
 * query-roots SHOWN_BY), so a realtime alert fired by a write shows without a root of its own.
 */
export const alertsKeys = {
  all: [...queryRoots.dashboard, 'alerts'] as const,
  list: () => [...alertsKeys.all, 'list'] as const,
  events: (filter: AlertEventFilter) => [...alertsKeys.all, 'events', filter] as const,
};

/** The history's filter: open (not acknowledged yet), acknowledged, or all. */
export type AlertEventFilter = 'open' | 'acknowledged' | 'all';
