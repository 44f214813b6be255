import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invalidateAccess } from './invalidate';

/** Deletes a custom role; its assignments go with it (built-in roles: `system_role_immutable`). */
export function deleteRole(roleId: string) {
  return run(supabase.from('roles').delete().eq('id', roleId));
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    meta: { errorTitle: 'access:toast.delete_failed' },
    onSettled: () => invalidateAccess(queryClient),
  });
}
