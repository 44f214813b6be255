import { queryRoots } from '@/lib/query-roots';

export const dashboardKeys = {
  all: queryRoots.dashboard,
  overview: (organizationId: string) => [...dashboardKeys.all, 'overview', organizationId] as const,
};
