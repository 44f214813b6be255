import { queryRoots } from '@/lib/query-roots';

/** Query keys of Settings → Security → active sessions, broad to narrow (STYLE 3). */
export const sessionKeys = {
  all: [...queryRoots.settings, 'sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
};
