import { queryRoots } from '@/lib/query-roots';

export const publicSiteKeys = {
  all: queryRoots.publicSite,
  slug: (slug: string) => [...publicSiteKeys.all, 'slug', slug] as const,
  unit: (slug: string, unitId: string) => [...publicSiteKeys.all, 'unit', slug, unitId] as const,
  booked: (unitId: string, from: string, to: string) => [...publicSiteKeys.all, 'booked', unitId, from, to] as const,
  quote: (slug: string, unitId: string, checkIn: string, checkOut: string, guests: number) =>
    [...publicSiteKeys.all, 'quote', slug, unitId, checkIn, checkOut, guests] as const,
};
