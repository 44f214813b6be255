import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { unitKeys } from './keys';

/** The channel (OTA) connections linked to the unit, read-only here. */
export function getUnitChannels(unitId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('ota_connections')
      .select('id, platform, connection_name, status, last_synced_at')
      .eq('unit_id', unitId)
      .order('created_at'),
    { signal },
  );
}

export function unitChannelsQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: unitKeys.channels(unitId),
    queryFn: ({ signal }) => getUnitChannels(unitId, signal),
  });
}

export function useUnitChannels(unitId: string) {
  return useQuery(unitChannelsQueryOptions(unitId));
}
