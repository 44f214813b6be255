import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';
import { superAdminKeys } from './keys';

export type PlatformSeller = Tables<'platform_seller'>;

/** The platform's seller details (one row), or null while nobody has filled them: payments stay closed. */
export function getPlatformSeller(signal?: AbortSignal): Promise<PlatformSeller | null> {
  return run(supabase.from('platform_seller').select('*').maybeSingle(), { signal });
}

export function platformSellerQueryOptions() {
  return queryOptions({
    queryKey: superAdminKeys.platformSeller(),
    queryFn: ({ signal }) => getPlatformSeller(signal),
  });
}

export function usePlatformSeller() {
  return useQuery(platformSellerQueryOptions());
}
