import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAccess } from './invalidate';

/**
 * Gives a member a role. The database sets who assigned it and refuses a role the caller may not
 * grant (`role_grant_forbidden`, `admin_role_required`).
 */
export function assignRole({ userId, roleId }: { userId: string; roleId: string }) {
  return run(supabase.from('user_roles').insert({ user_id: userId, role_id: roleId }));
}

export function useAssignRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRole,
    meta: { errorTitle: 'access:toast.assign_failed' },
    onSettled: () => invalidateAccess(queryClient),
  });
}
