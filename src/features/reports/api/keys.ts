import { queryRoots } from '@/lib/query-roots';
import type { OverviewParams } from './get-report-overview';
import type { StatementParams } from './get-unit-statement';

/**
 * Query keys of the reports feature, broad to narrow (STYLE 3). The figures derive from bookings,
 * units, invoices and payments: a write of any of them refreshes this root too (lib/query-roots
 * SHOWN_BY), so the reports never go stale.
 */
export const reportKeys = {
  all: queryRoots.reports,
  overview: (params: OverviewParams) => [...reportKeys.all, 'overview', params] as const,
  statement: (params: StatementParams) => [...reportKeys.all, 'statement', params] as const,
};
