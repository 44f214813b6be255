// One sync of a connection's iCal feed: the lease (begin_ical_sync; refused while another sync of
// the connection runs), the feed fetched and parsed, the events applied in one transaction
// (apply_ical_sync). A feed that cannot be fetched or parsed ends the run with its error
// (fail_ical_sync) and changes no booking. A connection staff disconnected is not synced
// (begin_ical_sync answers 'disconnected').
import type { SupabaseClient } from '../_shared/supabase.ts';
import { fetchFeed, type FetchFeedOptions } from './fetch-feed.ts';
import { parseFeed } from './parse.ts';

export type SyncResult =
  | {
      outcome: 'ok';
      run_id: string;
      created: number;
      updated: number;
      cancelled: number;
      conflicts: number;
      skipped: { uid: string | null; reason: string }[];
    }
  | { outcome: 'failed'; run_id: string; error: string }
  | { outcome: 'busy' | 'no_feed' | 'not_found' | 'disconnected' };

export async function syncConnection(
  db: SupabaseClient,
  connectionId: string,
  trigger: 'manual' | 'schedule',
  options: FetchFeedOptions = {},
): Promise<SyncResult> {
  const begun = await db.rpc('begin_ical_sync', { connection_id: connectionId, trigger });
  if (begun.error) throw new Error(`begin_ical_sync failed: ${begun.error.message}`);
  const lease = begun.data as { outcome: string; run_id?: string; url?: string };
  if (lease.outcome !== 'ok') return { outcome: lease.outcome as 'busy' | 'no_feed' | 'not_found' | 'disconnected' };
  const runId = lease.run_id!;
  try {
    const feed = parseFeed(await fetchFeed(lease.url!, options));
    for (const note of feed.skipped) console.warn(`ical: ${connectionId} ${note.uid ?? '(no UID)'}: ${note.reason}`);
    const applied = await db.rpc('apply_ical_sync', { run_id: runId, events: feed.events });
    if (applied.error) throw new Error(`Applying the feed failed: ${applied.error.message}`);
    const counts = applied.data as { created: number; updated: number; cancelled: number; conflicts: number };
    return { outcome: 'ok', run_id: runId, ...counts, skipped: feed.skipped };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failed = await db.rpc('fail_ical_sync', { run_id: runId, error: message });
    if (failed.error) console.error('ical: fail_ical_sync failed:', failed.error.message);
    return { outcome: 'failed', run_id: runId, error: message };
  }
}
