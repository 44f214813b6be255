import { queryRoots } from '@/lib/query-roots';
import type { TaskFilters } from '../schemas';

/** Query keys, broad to narrow (STYLE 3): invalidating `all` refreshes every tasks query. */
export const taskKeys = {
  all: queryRoots.tasks,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (organizationId: string, filters: TaskFilters) => [...taskKeys.lists(), organizationId, filters] as const,
  board: (organizationId: string, filters: TaskFilters) =>
    [...taskKeys.lists(), organizationId, 'board', filters] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (id: string) => [...taskKeys.details(), id] as const,
  photos: (id: string) => [...taskKeys.detail(id), 'photos'] as const,
  options: (organizationId: string) => [...taskKeys.all, 'options', organizationId] as const,
  unitBookings: (unitId: string) => [...taskKeys.all, 'unit-bookings', unitId] as const,
  vendorTasks: (userId: string) => [...taskKeys.all, 'vendor', userId] as const,
};
