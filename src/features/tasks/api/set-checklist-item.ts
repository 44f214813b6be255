import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/errors';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

/** Ticks one checklist item; the vendor's only way to change a task besides start/complete. */
export function setChecklistItem({ id, index, done }: { id: string; index: number; done: boolean }) {
  return run(supabase.rpc('set_task_checklist_item', { task_id: id, item_index: index, done }));
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
