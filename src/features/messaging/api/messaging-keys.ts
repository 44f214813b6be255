import { queryRoots } from '@/lib/query-roots';

/** Query keys of Settings → Messages, broad to narrow (STYLE 3). */
export const messagingKeys = {
  all: [...queryRoots.settings, 'messaging'] as const,
  templates: () => [...messagingKeys.all, 'templates'] as const,
  automations: () => [...messagingKeys.all, 'automations'] as const,
  settings: () => [...messagingKeys.all, 'settings'] as const,
  previewBookings: () => [...messagingKeys.all, 'preview-bookings'] as const,
};
