import { queryRoots } from '@/lib/query-roots';

/** Query keys of Settings → Public site, broad to narrow (STYLE 3). */
export const publicSiteSettingsKeys = {
  all: [...queryRoots.settings, 'public-site'] as const,
  detail: (organizationId: string) => [...publicSiteSettingsKeys.all, organizationId] as const,
  history: (organizationId: string) => [...publicSiteSettingsKeys.all, organizationId, 'history'] as const,
};
