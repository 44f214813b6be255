import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { toUnitPayload, type UnitFormValues } from '../schemas';
import { unitKeys } from './keys';

export async function updateUnit({ id, values }: { id: string; values: UnitFormValues }) {
  const { data, error } = await supabase.from('units').update(toUnitPayload(values)).eq('id', id).select('*').single();
  if (error) throw toAppError(error);
  return data;
}

export function useUpdateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnit,
    meta: { skipErrorToast: true },
    onSuccess: async (unit) => {
      queryClient.setQueryData(unitKeys.detail(unit.id), unit);
      await queryClient.invalidateQueries({ queryKey: unitKeys.lists() });
    },
  });
}
