// Which feeds the 15-minute job syncs (Settings → Integrations → Channel sync, issue 15): each
// organisation's 'ical' integration sets the pace — realtime (every run, i.e. every 15 minutes),
// hourly, daily, or manual (never by the job) — and pausing it (status disconnected) skips every
// feed of the organisation. No row means every 15 minutes. A feed is due when its last sync is
// older than the pace less a margin (10 minutes as before for the 15-minute pace), so a run a
// little early (or a "Sync now" just before) neither doubles nor skips a beat.

export type SyncFrequency = 'realtime' | 'hourly' | 'daily' | 'weekly' | 'manual';

export interface Schedule {
  status: string;
  sync_frequency: SyncFrequency;
}

const MINUTE = 60_000;
/** How old the last sync must be for the job to sync a feed again (null: never). */
const DUE_AFTER: Record<SyncFrequency, number | null> = {
  realtime: 10 * MINUTE,
  hourly: 50 * MINUTE,
  daily: (24 * 60 - 10) * MINUTE,
  weekly: (7 * 24 * 60 - 10) * MINUTE,
  manual: null,
};

/** Whether the job syncs a feed last synced at `lastSyncedAt` under its organisation's schedule. */
export function isDue(schedule: Schedule | undefined, lastSyncedAt: string | null, now: Date): boolean {
  if (schedule?.status === 'disconnected') return false;
  const dueAfter = DUE_AFTER[schedule?.sync_frequency ?? 'realtime'];
  if (dueAfter === null) return false;
  if (!lastSyncedAt) return true;
  return Date.parse(lastSyncedAt) < now.getTime() - dueAfter;
}
