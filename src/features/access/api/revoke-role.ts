import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAccess } from './invalidate';

/** Takes a role from a member; the last active administrator stays (`last_admin`). */
export function revokeRole(assignmentId: string) {
  return run(supabase.from('user_roles').delete().eq('id', assignmentId));
}

export function useRevokeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRole,
    meta: { errorTitle: 'access:toast.revoke_failed' },
    onSettled: () => invalidateAccess(queryClient),
  });
}
