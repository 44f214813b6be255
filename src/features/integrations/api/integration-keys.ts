import { queryRoots } from '@/lib/query-roots';

/** Query keys of Settings → Integrations, broad to narrow (STYLE 3). */
export const integrationKeys = {
  all: [...queryRoots.settings, 'integrations'] as const,
  list: () => [...integrationKeys.all, 'list'] as const,
  channelSyncStatus: () => [...integrationKeys.all, 'channel-sync-status'] as const,
  messagingProviders: () => [...integrationKeys.all, 'messaging-providers'] as const,
};
