import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { taskKeys } from './keys';

/**
 * Rates the vendor's work on a completed task (1–5). The database keeps the vendor's
 * marketplace rating as the mean of these ratings.
 */
export async function rateTask({ id, rating }: { id: string; rating: number }) {
  const { data, error } = await supabase.from('tasks').update({ rating }).eq('id', id).select('*').single();
  if (error) throw toAppError(error);
  return data;
}

export function useRateTask() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('tasks');
  return useMutation({
    mutationFn: rateTask,
    meta: { skipErrorToast: true },
    onError: (error) => toast.error(t('errors.update_failed'), { description: getErrorMessage(error) }),
    onSuccess: async () => {
      // The vendor's mean changed too: the marketplace reads it again when next shown.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['vendors'] }),
      ]);
    },
  });
}
