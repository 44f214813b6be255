export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: (organizationId: string) => [...dashboardKeys.all, 'overview', organizationId] as const,
};
