import { queryRoots } from '@/lib/query-roots';

/** Query keys of the access feature, broad to narrow (STYLE 3). */
export const accessKeys = {
  all: queryRoots.access,
  overview: () => [...accessKeys.all, 'overview'] as const,
};
