import { queryRoots } from '@/lib/query-roots';

/** Query keys of Settings → Profile and Organisation, broad to narrow (STYLE 3). */
export const accountSettingsKeys = {
  all: [...queryRoots.settings, 'account'] as const,
  organization: (organizationId: string) => [...accountSettingsKeys.all, 'organization', organizationId] as const,
  profile: (userId: string) => [...accountSettingsKeys.all, 'profile', userId] as const,
  canManage: (userId: string) => [...accountSettingsKeys.all, 'can-manage', userId] as const,
};
