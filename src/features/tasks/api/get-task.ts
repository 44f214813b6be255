import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

const DETAIL_COLUMNS =
  '*, unit:units(id, name, name_ar, address_city), assignee:profiles(user_id, full_name), organization_vendor:organization_vendors(vendor:vendors(id, name, name_ar)), booking:bookings(id, booking_reference, check_in, check_out)';

export function getTask(id: string, signal?: AbortSignal) {
  return run(supabase.from('tasks').select(DETAIL_COLUMNS).eq('id', id).single(), { signal });
}

export type TaskDetail = Awaited<ReturnType<typeof getTask>>;

export function taskQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...taskKeys.detail(id), 'full'] as const,
    queryFn: ({ signal }) => getTask(id, signal),
  });
}

export function useTask(id: string | null) {
  return useQuery({ ...taskQueryOptions(id ?? ''), enabled: Boolean(id) });
}
