import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { AppError, getErrorMessage, toAppError } from '@/lib/errors';
import { run } from '@/lib/fetch';
import { i18n } from '@/lib/i18n';
import { supabase } from '@/lib/supabase';
import { clientKeys } from './keys';

export async function deleteClient(id: string): Promise<void> {
  await run(supabase.from('clients').delete().eq('id', id));
}

/** A client with bookings cannot be deleted (bookings keep their guest): say so, not "check your input". */
export function deleteClientErrorMessage(error: unknown): string {
  const appError = error instanceof AppError ? error : toAppError(error);
  if (appError.code === '23503') return i18n.t('clients:delete.has_bookings');
  return `${i18n.t('clients:delete.failed')} ${getErrorMessage(appError)}`;
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    retry: false,
    meta: { skipErrorToast: true },
    onError: (error) => toast.error(deleteClientErrorMessage(error)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
