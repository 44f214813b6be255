import { queryRoots } from '@/lib/query-roots';
import type { UnitFilters } from '../schemas';

/** Query keys, broad to narrow (STYLE 3): invalidating `all` refreshes every units query. */
export const unitKeys = {
  all: queryRoots.units,
  lists: () => [...unitKeys.all, 'list'] as const,
  list: (organizationId: string, filters: UnitFilters) => [...unitKeys.lists(), organizationId, filters] as const,
  details: () => [...unitKeys.all, 'detail'] as const,
  detail: (id: string) => [...unitKeys.details(), id] as const,
  photos: (id: string) => [...unitKeys.detail(id), 'photos'] as const,
  calendar: (id: string, month: string) => [...unitKeys.detail(id), 'calendar', month] as const,
  channels: (id: string) => [...unitKeys.detail(id), 'channels'] as const,
};
