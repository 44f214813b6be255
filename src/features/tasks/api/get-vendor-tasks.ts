import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

/**
 * A vendor user's work: the tasks assigned to its vendor with the unit's address and
 * location, the stay dates and the checklist (vendor_tasks(); bookings stay closed to it).
 */
export function getVendorTasks(signal?: AbortSignal) {
  return run(supabase.rpc('vendor_tasks'), { signal });
}

export type VendorTask = Awaited<ReturnType<typeof getVendorTasks>>[number];

export function vendorTasksQueryOptions(userId: string) {
  return queryOptions({ queryKey: taskKeys.vendorTasks(userId), queryFn: ({ signal }) => getVendorTasks(signal) });
}

export function useVendorTasks(userId: string) {
  return useQuery(vendorTasksQueryOptions(userId));
}
