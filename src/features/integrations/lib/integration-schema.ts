import { z } from 'zod';

/** Settings → Integrations' providers, one row each per organisation (SPEC §3 Integration). */
export const INTEGRATION_PROVIDERS = ['ttlock', 'ical'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

export const CONNECTION_STATUSES = ['connected', 'disconnected', 'pending', 'setup_required', 'active'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** An integration row as the tab reads it (no secret is ever readable). */
export const integrationSchema = z.object({
  id: z.string(),
  provider: z.string(),
  name: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  sync_frequency: z.enum(['realtime', 'hourly', 'daily', 'weekly', 'manual']),
  settings: z.record(z.string(), z.unknown()).nullable(),
  credentials_configured: z.boolean(),
  last_sync_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Integration = z.infer<typeof integrationSchema>;

/**
 * The organisation's TTLock account form. Secrets are write-only: a blank field keeps what is
 * stored, so they are required only while nothing is stored (`secretsStored` false).
 */
export function lockAccountSchema(secretsStored: boolean) {
  const secret = secretsStored ? z.string().max(200) : z.string().trim().min(1, 'required').max(200);
  return z.object({
    username: z.string().trim().min(1, 'required').max(200),
    password: secret,
    client_id: secret,
    client_secret: secret,
  });
}
export type LockAccountInput = z.infer<ReturnType<typeof lockAccountSchema>>;

/** The channel-sync choices: the enum's realtime is the job's every 15 minutes. */
export const CHANNEL_SYNC_FREQUENCIES = ['realtime', 'hourly', 'daily', 'manual'] as const;
export type ChannelSyncFrequency = (typeof CHANNEL_SYNC_FREQUENCIES)[number];

export const channelSyncScheduleSchema = z.object({
  sync_frequency: z.enum(CHANNEL_SYNC_FREQUENCIES),
  paused: z.boolean(),
});
export type ChannelSyncSchedule = z.infer<typeof channelSyncScheduleSchema>;

export const channelSyncStatusSchema = z.object({
  feeds: z.number(),
  paused_feeds: z.number(),
  last_synced_at: z.string().nullable(),
});
export type ChannelSyncStatus = z.infer<typeof channelSyncStatusSchema>;

/** POST /locks/account/test */
export const lockAccountTestSchema = z.object({
  ok: z.literal(true),
  status: z.string(),
  tested_at: z.string(),
  locks: z.number(),
});
export type LockAccountTest = z.infer<typeof lockAccountTestSchema>;

/** POST /ical/test: each feed reachable with its events, or its error; nothing applied. */
export const feedTestSchema = z.object({
  tested_at: z.string(),
  feeds: z.array(
    z.object({
      connection_id: z.string(),
      connection_name: z.string(),
      platform: z.string(),
      unit_id: z.string().nullable(),
      status: z.string(),
      ok: z.boolean(),
      events: z.number().nullable(),
      skipped: z.number().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type FeedTest = z.infer<typeof feedTestSchema>;
