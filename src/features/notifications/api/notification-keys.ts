import { queryRoots } from '@/lib/query-roots';

/**
 * Query keys of notifications, broad to narrow (STYLE 3). Under the settings root: the rules are a
 * settings screen, and a settings write refreshing the bell is harmless.
 */
export const notificationKeys = {
  all: [...queryRoots.settings, 'notifications'] as const,
  inbox: () => [...notificationKeys.all, 'inbox'] as const,
  list: (limit: number) => [...notificationKeys.inbox(), 'list', limit] as const,
  unread: () => [...notificationKeys.inbox(), 'unread'] as const,
  rules: () => [...notificationKeys.all, 'rules'] as const,
  roles: () => [...notificationKeys.all, 'roles'] as const,
  mutes: () => [...notificationKeys.all, 'mutes'] as const,
};

/** How often the bell asks again while the page is open and Realtime is not connected. */
export const INBOX_REFRESH_MS = 60_000;
/** While Realtime delivers new notifications (use-live-notifications), polling is only a safety net. */
export const LIVE_INBOX_REFRESH_MS = 5 * 60_000;
