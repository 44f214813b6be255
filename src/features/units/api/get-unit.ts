import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { unitKeys } from './keys';

/** Every column the browser may read (lock secrets live in a table it cannot see). */
export async function getUnit(id: string, signal?: AbortSignal) {
  let query = supabase.from('units').select('*').eq('id', id);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.single();
  if (error) throw toAppError(error);
  return data;
}

export type UnitDetail = Awaited<ReturnType<typeof getUnit>>;

export function unitQueryOptions(id: string) {
  return queryOptions({ queryKey: unitKeys.detail(id), queryFn: ({ signal }) => getUnit(id, signal) });
}

export function useUnit(id: string | null) {
  return useQuery({ ...unitQueryOptions(id ?? ''), enabled: Boolean(id) });
}
