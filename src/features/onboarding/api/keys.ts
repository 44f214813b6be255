import { queryRoots } from '@/lib/query-roots';

export const onboardingKeys = {
  all: queryRoots.onboarding,
  units: (organizationId: string) => [...onboardingKeys.all, 'units', organizationId] as const,
  clients: (organizationId: string) => [...onboardingKeys.all, 'clients', organizationId] as const,
  bookings: (organizationId: string) => [...onboardingKeys.all, 'bookings', organizationId] as const,
};
