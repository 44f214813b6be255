import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

const DETAIL_COLUMNS =
  '*, unit:units(id, name, name_ar, address_city), assignee:profiles(user_id, full_name), organization_vendor:organization_vendors(vendor:vendors(id, name, name_ar)), booking:bookings(id, booking_reference, check_in, check_out)';

export async function getTask(id: string, signal?: AbortSignal) {
  let query = supabase.from('tasks').select(DETAIL_COLUMNS).eq('id', id);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.single();
  if (error) throw toAppError(error);
  return data;
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
