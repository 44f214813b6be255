import { queryRoots } from '@/lib/query-roots';
import type { OverviewParams } from './get-report-overview';
import type { StatementParams } from './get-unit-statement';

/**
 * Query keys of the reports feature, broad to narrow (STYLE 3). They live under the dashboard's
 * root: the figures derive from bookings, units, invoices and payments, and a write of any of
 * them already refreshes that root (lib/query-roots SHOWN_BY), so the reports never go stale
 * without a root of their own.
 */
export const reportKeys = {
  all: [...queryRoots.dashboard, 'reports'] as const,
  overview: (params: OverviewParams) => [...reportKeys.all, 'overview', params] as const,
  statement: (params: StatementParams) => [...reportKeys.all, 'statement', params] as const,
};
