import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './notification-keys';

/**
 * Marks one notification read, or (no id) every unread one. RLS lets a member change only
 * read_at of their own; already-read ones keep their first read time.
 */
export async function markNotificationsRead(id?: string): Promise<void> {
  const query = supabase.from('notifications').update({ read_at: new Date().toISOString() }).is('read_at', null);
  await run(id ? query.eq('id', id) : query);
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => markNotificationsRead(id),
    retry: false,
    meta: { errorTitle: 'notifications:errors.mark_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.inbox() }),
  });
}
