import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { toUnitPayload, type UnitFormValues } from '../schemas';
import { unitKeys } from './keys';

export function updateUnit({ id, values }: { id: string; values: UnitFormValues }) {
  return run(supabase.from('units').update(toUnitPayload(values)).eq('id', id).select('*').single());
}

export function useUpdateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnit,
    meta: { skipErrorToast: true },
    onSuccess: async (unit) => {
      queryClient.setQueryData(unitKeys.detail(unit.id), unit);
      await invalidateAfterWrite(queryClient, ['units']);
    },
  });
}
