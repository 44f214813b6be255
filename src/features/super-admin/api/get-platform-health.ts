import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { platformHealthSchema, type PlatformHealth } from '../schemas';
import { superAdminKeys } from './keys';

/** Background queues, scheduled jobs and database size (admin_platform_health). */
export function getPlatformHealth(signal?: AbortSignal): Promise<PlatformHealth> {
  return run(supabase.rpc('admin_platform_health'), { signal, schema: platformHealthSchema });
}

export function platformHealthQueryOptions() {
  return queryOptions({ queryKey: superAdminKeys.health(), queryFn: ({ signal }) => getPlatformHealth(signal) });
}

export function usePlatformHealth() {
  return useQuery(platformHealthQueryOptions());
}
