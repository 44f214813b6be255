export const publicSiteKeys = {
  all: ['public-site'] as const,
  slug: (slug: string) => [...publicSiteKeys.all, 'slug', slug] as const,
  detail: (slug: string) => [...publicSiteKeys.all, 'detail', slug] as const,
};
