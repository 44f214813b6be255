import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { unitKeys } from './keys';

/** SPEC §4: a unit is active or inactive, toggled by activate / deactivate. */
export async function setUnitActive({ id, isActive }: { id: string; isActive: boolean }) {
  const { data, error } = await supabase
    .from('units')
    .update({ is_active: isActive })
    .eq('id', id)
    .select('id, is_active')
    .single();
  if (error) throw toAppError(error);
  return data;
}

export function useSetUnitActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUnitActive,
    // The list toasts "Failed to update unit status" with the reason.
    meta: { skipErrorToast: true },
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unitKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: unitKeys.detail(id), exact: true }),
      ]),
  });
}
