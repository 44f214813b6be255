export const onboardingKeys = {
  all: ['onboarding'] as const,
  units: (organizationId: string) => [...onboardingKeys.all, 'units', organizationId] as const,
  clients: (organizationId: string) => [...onboardingKeys.all, 'clients', organizationId] as const,
  bookings: (organizationId: string) => [...onboardingKeys.all, 'bookings', organizationId] as const,
};
