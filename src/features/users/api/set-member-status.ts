import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { userKeys } from './keys';

/**
 * SPEC §4 User: deactivate or reactivate a member. The database decides who may (users.manage,
 * every role of the person grantable by the caller), keeps the owner and the last administrator
 * (409 `last_admin`), and an inactive member reads and writes nothing of the organisation.
 */
export function setMemberStatus({ userId, status }: { userId: string; status: 'active' | 'inactive' }) {
  return run(supabase.from('profiles').update({ status }).eq('user_id', userId).select('user_id, status').single());
}

export function useSetMemberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberStatus,
    meta: { errorTitle: 'users:toast.status_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
