import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';

/** SPEC §4: a unit is active or inactive, toggled by activate / deactivate. */
export function setUnitActive({ id, isActive }: { id: string; isActive: boolean }) {
  return run(supabase.from('units').update({ is_active: isActive }).eq('id', id).select('id, is_active').single());
}

export function useSetUnitActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUnitActive,
    meta: { errorTitle: 'units:toast.status_failed' },
    // Also after a failure: what the list shows may be out of date.
    onSettled: () => invalidateAfterWrite(queryClient, ['units']),
  });
}
