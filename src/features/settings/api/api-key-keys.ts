import { queryRoots } from '@/lib/query-roots';

/** Query keys of Settings → Security → API keys, broad to narrow (STYLE 3). */
export const apiKeyKeys = {
  all: [...queryRoots.settings, 'api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
  permissions: () => [...apiKeyKeys.all, 'permissions'] as const,
};
