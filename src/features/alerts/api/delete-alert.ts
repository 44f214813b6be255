import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { alertsKeys } from './keys';

/** Deletes an alert and its history (automations.write). */
export async function deleteAlert(id: string): Promise<void> {
  await run(supabase.from('alerts').delete().eq('id', id));
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    retry: false,
    meta: { errorTitle: 'alerts:errors.delete_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.all }),
  });
}
