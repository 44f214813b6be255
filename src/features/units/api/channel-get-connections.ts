import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEnv } from '@/config/env';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { channelKeys } from './channel-keys';

/** The unit's channel connections with their iCal settings (the export token is readable by channels.read). */
export function getChannelConnections(unitId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('ota_connections')
      .select('id, platform, connection_name, status, last_synced_at, last_error, ical_import_url, ical_export_token')
      .eq('unit_id', unitId)
      .order('created_at'),
    { signal },
  );
}
export type ChannelConnection = Awaited<ReturnType<typeof getChannelConnections>>[number];

/** The public address of a connection's export feed (what the platform is given). */
export function channelExportUrl(token: string): string {
  return `${getEnv().VITE_SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/ical/${token}.ics`;
}

export function channelConnectionsQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: channelKeys.connections(unitId),
    queryFn: ({ signal }) => getChannelConnections(unitId, signal),
  });
}

export function useChannelConnections(unitId: string) {
  return useQuery(channelConnectionsQueryOptions(unitId));
}
