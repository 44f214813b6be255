import { queryRoots } from '@/lib/query-roots';

/**
 * Query keys of the financial alerts, broad to narrow (STYLE 3). The alerts watch bookings, units,
 * invoices and payments: writes of those refresh this root too (lib/query-roots SHOWN_BY), so a
 * realtime alert fired by a write shows at once.
 */
export const alertsKeys = {
  all: queryRoots.alerts,
  list: () => [...alertsKeys.all, 'list'] as const,
  events: (filter: AlertEventFilter) => [...alertsKeys.all, 'events', filter] as const,
};

/** The history's filter: open (not acknowledged yet), acknowledged, or all. */
export type AlertEventFilter = 'open' | 'acknowledged' | 'all';
