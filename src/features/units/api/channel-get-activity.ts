import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { channelKeys } from './channel-keys';

/** A connection's last sync runs (the sync log) and its open conflicts. */
export async function getChannelActivity(connectionId: string, signal?: AbortSignal) {
  const [runs, conflicts] = await Promise.all([
    run(
      supabase
        .from('ota_sync_runs')
        .select(
          'id, trigger, started_at, finished_at, created_count, updated_count, cancelled_count, conflict_count, error',
        )
        .eq('connection_id', connectionId)
        .order('started_at', { ascending: false })
        .limit(5),
      { signal },
    ),
    run(
      supabase
        .from('ota_imported_events')
        .select('uid, check_in, check_out, summary, conflict_reason')
        .eq('connection_id', connectionId)
        .eq('conflict', true)
        .is('cancelled_at', null)
        .order('check_in')
        .limit(20),
      { signal },
    ),
  ]);
  return { runs, conflicts };
}
export type ChannelActivity = Awaited<ReturnType<typeof getChannelActivity>>;

export function channelActivityQueryOptions(unitId: string, connectionId: string) {
  return queryOptions({
    queryKey: channelKeys.activity(unitId, connectionId),
    queryFn: ({ signal }) => getChannelActivity(connectionId, signal),
  });
}

export function useChannelActivity(unitId: string, connectionId: string) {
  return useQuery(channelActivityQueryOptions(unitId, connectionId));
}
