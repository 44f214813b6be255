import { queryRoots } from '@/lib/query-roots';
import type { VendorFilters } from '../schemas';

/** Query keys, broad to narrow (STYLE 3). Writes to tasks refresh them too (lib/query-roots: ratings). */
export const vendorKeys = {
  all: queryRoots.vendors,
  lists: () => [...vendorKeys.all, 'list'] as const,
  list: (organizationId: string, filters: VendorFilters) => [...vendorKeys.lists(), organizationId, filters] as const,
  permissions: (userId: string) => [...vendorKeys.all, 'permissions', userId] as const,
  /** The organisations a vendor user works for (its header). */
  organizations: (userId: string) => [...vendorKeys.all, 'organizations', userId] as const,
};
