import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { unwrap } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { TASK_PHOTOS_BUCKET } from './get-task-photos';
import { taskKeys } from './keys';

export async function removeTaskPhoto({ path }: { taskId: string; path: string }) {
  const removed = await unwrap(supabase.storage.from(TASK_PHOTOS_BUCKET).remove([path]));
  // Storage answers with the objects it removed; none means the policy refused it.
  if (removed.length === 0) throw toAppError({ code: '42501', message: 'permission denied' });
}

export function useRemoveTaskPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTaskPhoto,
    meta: { errorTitle: 'tasks:errors.remove_photo_failed' },
    onSettled: (_data, _error, { taskId }) => queryClient.invalidateQueries({ queryKey: taskKeys.photos(taskId) }),
  });
}
