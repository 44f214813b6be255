import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAfterWrite } from '@/lib/query-roots';
import { toUnitPayload, type UnitFormValues } from '../schemas';
import { unitKeys } from './keys';

export function createUnit(values: UnitFormValues) {
  return run(supabase.from('units').insert(toUnitPayload(values)).select('*').single());
}

/** The form shows a failed save itself, next to the fields it keeps (no toast). */
export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUnit,
    meta: { skipErrorToast: true },
    onSuccess: async (unit) => {
      queryClient.setQueryData(unitKeys.detail(unit.id), unit);
      await invalidateAfterWrite(queryClient, ['units']);
    },
  });
}
