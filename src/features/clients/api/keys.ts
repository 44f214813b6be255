import { queryRoots } from '@/lib/query-roots';
import type { ClientListParams } from '../schemas';

/** Query keys of the clients feature, broad to narrow (STYLE 3). */
export const clientKeys = {
  all: queryRoots.clients,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (params: ClientListParams) => [...clientKeys.lists(), params] as const,
  bookings: (id: string) => [...clientKeys.all, 'bookings', id] as const,
};
