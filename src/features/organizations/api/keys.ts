export const organizationKeys = {
  all: ['organizations'] as const,
  current: (userId: string) => [...organizationKeys.all, 'current', userId] as const,
};
