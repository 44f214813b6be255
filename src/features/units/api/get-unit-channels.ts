import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { unitKeys } from './keys';

/** The channel (OTA) connections linked to the unit, read-only here. */
export async function getUnitChannels(unitId: string, signal?: AbortSignal) {
  let query = supabase
    .from('ota_connections')
    .select('id, platform, connection_name, status, last_synced_at')
    .eq('unit_id', unitId)
    .order('created_at');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw toAppError(error);
  return data;
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
