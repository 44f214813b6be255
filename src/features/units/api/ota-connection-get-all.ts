import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { otaConnectionKeys } from './channel-keys';

/**
 * Every OTA connection of the organisation with the unit it is mapped to. Whether API
 * credentials are stored is all a browser learns of them (credentials_configured).
 */
export function getOtaConnections(organizationId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('ota_connections')
      .select(
        'id, platform, connection_name, unit_id, property_id, ical_import_url, status, credentials_configured, last_synced_at, last_error, unit:units(id, name, name_ar)',
      )
      .eq('organization_id', organizationId)
      .order('created_at'),
    { signal },
  );
}
export type OtaConnection = Awaited<ReturnType<typeof getOtaConnections>>[number];

export function otaConnectionsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: otaConnectionKeys.list(organizationId),
    queryFn: ({ signal }) => getOtaConnections(organizationId, signal),
  });
}

export function useOtaConnections(organizationId: string) {
  return useQuery(otaConnectionsQueryOptions(organizationId));
}
