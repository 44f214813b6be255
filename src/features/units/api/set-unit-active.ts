import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { unitKeys } from './keys';

/** SPEC §4: a unit is active or inactive, toggled by activate / deactivate. */
export function setUnitActive({ id, isActive }: { id: string; isActive: boolean }) {
  return run(supabase.from('units').update({ is_active: isActive }).eq('id', id).select('id, is_active').single());
}

export function useSetUnitActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUnitActive,
    meta: { errorTitle: 'units:toast.status_failed' },
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unitKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: unitKeys.detail(id), exact: true }),
      ]),
  });
}
