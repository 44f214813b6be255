import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { otaConnectionKeys } from './channel-keys';

/** The organisation's units a connection can be mapped to ("which unit each listing is"). */
export function getOtaConnectionUnits(organizationId: string, signal?: AbortSignal) {
  return run(supabase.from('units').select('id, name, name_ar').eq('organization_id', organizationId).order('name'), {
    signal,
  });
}
export type OtaConnectionUnit = Awaited<ReturnType<typeof getOtaConnectionUnits>>[number];

export function useOtaConnectionUnits(organizationId: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: otaConnectionKeys.units(organizationId),
      queryFn: ({ signal }) => getOtaConnectionUnits(organizationId, signal),
      enabled,
    }),
  );
}
