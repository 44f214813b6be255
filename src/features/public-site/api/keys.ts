import { queryRoots } from '@/lib/query-roots';

export const publicSiteKeys = {
  all: queryRoots.publicSite,
  slug: (slug: string) => [...publicSiteKeys.all, 'slug', slug] as const,
  detail: (slug: string) => [...publicSiteKeys.all, 'detail', slug] as const,
};
