import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { channelSyncStatusSchema } from '../lib/integration-schema';
import { integrationKeys } from './integration-keys';

/** How many iCal feeds the organisation has and the newest sync of any (channel_sync_status). */
export async function getChannelSyncStatus({ signal }: { signal?: AbortSignal } = {}) {
  return await run(supabase.rpc('channel_sync_status'), { signal, schema: channelSyncStatusSchema });
}

export const channelSyncStatusQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.channelSyncStatus(),
    queryFn: ({ signal }) => getChannelSyncStatus({ signal }),
  });

export function useChannelSyncStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...channelSyncStatusQueryOptions(), enabled: options.enabled ?? true });
}
