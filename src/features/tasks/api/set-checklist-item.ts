import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

/** Ticks one checklist item; the vendor's only way to change a task besides start/complete. */
export async function setChecklistItem({ id, index, done }: { id: string; index: number; done: boolean }) {
  const { data, error } = await supabase.rpc('set_task_checklist_item', { task_id: id, item_index: index, done });
  if (error) throw toAppError(error);
  return data;
}

export function useSetChecklistItem() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('tasks');
  return useMutation({
    mutationFn: setChecklistItem,
    meta: { skipErrorToast: true },
    onError: (error) => toast.error(t('errors.update_failed'), { description: getErrorMessage(error) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
