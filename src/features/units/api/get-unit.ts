import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { unitKeys } from './keys';

/** Every column the browser may read (lock secrets live in a table it cannot see). */
export function getUnit(id: string, signal?: AbortSignal) {
  return run(supabase.from('units').select('*').eq('id', id).single(), { signal });
}

export type UnitDetail = Awaited<ReturnType<typeof getUnit>>;

export function unitQueryOptions(id: string) {
  return queryOptions({ queryKey: unitKeys.detail(id), queryFn: ({ signal }) => getUnit(id, signal) });
}

export function useUnit(id: string | null) {
  return useQuery({ ...unitQueryOptions(id ?? ''), enabled: Boolean(id) });
}
