import { queryRoots } from '@/lib/query-roots';
import type { AuditParams, OrganizationListParams } from '../schemas';

/** Query keys of the super-administrator console, broad to narrow (STYLE 3). */
export const superAdminKeys = {
  all: queryRoots.superAdmin,
  organizations: () => [...superAdminKeys.all, 'organizations'] as const,
  organizationList: (params: OrganizationListParams) => [...superAdminKeys.organizations(), 'list', params] as const,
  organization: (id: string) => [...superAdminKeys.organizations(), 'detail', id] as const,
  health: () => [...superAdminKeys.all, 'health'] as const,
  audit: (params: AuditParams) => [...superAdminKeys.all, 'audit', params] as const,
  testimonials: () => [...superAdminKeys.all, 'testimonials'] as const,
  platformSeller: () => [...superAdminKeys.all, 'platform-seller'] as const,
  pendingRefunds: () => [...superAdminKeys.all, 'pending-refunds'] as const,
};
