import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

/**
 * What the task form and filters choose from, in one round trip of parallel requests: the
 * organisation's time zone, its units, the vendors it works with and its active staff.
 */
export async function getTaskOptions(organizationId: string, signal?: AbortSignal) {
  const aborted = signal ?? new AbortController().signal;
  const [org, units, vendors, staff] = await Promise.all([
    supabase.from('organizations').select('default_timezone').eq('id', organizationId).abortSignal(aborted).single(),
    supabase
      .from('units')
      .select('id, name, name_ar')
      .eq('organization_id', organizationId)
      .order('name')
      .abortSignal(aborted),
    supabase
      .from('organization_vendors')
      .select('vendor:vendors(id, name, name_ar, categories, verified)')
      .eq('organization_id', organizationId)
      .abortSignal(aborted),
    supabase
      .from('profiles')
      .select('user_id, full_name, phone')
      .eq('organization_id', organizationId)
      .eq('kind', 'staff')
      .eq('status', 'active')
      .order('full_name')
      .abortSignal(aborted),
  ]);
  for (const result of [org, units, vendors, staff]) if (result.error) throw toAppError(result.error);
  return {
    timeZone: org.data?.default_timezone ?? 'Asia/Riyadh',
    units: units.data ?? [],
    vendors: (vendors.data ?? []).flatMap((row) => (row.vendor ? [row.vendor] : [])),
    staff: staff.data ?? [],
  };
}

export type TaskOptions = Awaited<ReturnType<typeof getTaskOptions>>;

export function taskOptionsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: taskKeys.options(organizationId),
    queryFn: ({ signal }) => getTaskOptions(organizationId, signal),
  });
}

export function useTaskOptions(organizationId: string | undefined) {
  return useQuery({ ...taskOptionsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
