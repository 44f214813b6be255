import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

/**
 * What the task form and filters choose from, in one round trip of parallel requests: the
 * organisation's time zone, its units, the vendors it works with and its active staff.
 */
export async function getTaskOptions(organizationId: string, signal?: AbortSignal) {
  const [org, units, vendors, staff] = await Promise.all([
    run(supabase.from('organizations').select('default_timezone').eq('id', organizationId).single(), { signal }),
    run(supabase.from('units').select('id, name, name_ar').eq('organization_id', organizationId).order('name'), {
      signal,
    }),
    run(
      supabase
        .from('organization_vendors')
        .select('vendor:vendors(id, name, name_ar, categories, verified)')
        .eq('organization_id', organizationId),
      { signal },
    ),
    run(
      supabase
        .from('profiles')
        .select('user_id, full_name, phone')
        .eq('organization_id', organizationId)
        .eq('kind', 'staff')
        .eq('status', 'active')
        .order('full_name'),
      { signal },
    ),
  ]);
  return {
    timeZone: org.default_timezone,
    units,
    vendors: vendors.flatMap((row) => (row.vendor ? [row.vendor] : [])),
    staff,
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
