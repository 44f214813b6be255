import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { RoleForm } from '../schemas';
import { invalidateAccess } from './invalidate';

export interface SaveRoleInput {
  /** The custom role being edited; absent to create one. */
  roleId?: string;
  /** Its permissions before the edit, so only the difference is written. */
  previous?: readonly string[];
  values: RoleForm;
}

/**
 * Creates or edits a custom role: its name, then the permissions added and removed. The database
 * refuses a permission the caller does not hold (`permission_grant_forbidden`) and any change
 * to a built-in role (`system_role_immutable`).
 */
export async function saveRole({ roleId, previous = [], values }: SaveRoleInput): Promise<string> {
  const name = values.name.trim();
  const id = roleId
    ? (
        await run(supabase.from('roles').update({ name }).eq('id', roleId).select('id').single(), {
          schema: z.object({ id: z.string() }),
        })
      ).id
    : (
        await run(supabase.from('roles').insert({ name }).select('id').single(), {
          schema: z.object({ id: z.string() }),
        })
      ).id;
  const added = values.permissions.filter((key) => !previous.includes(key));
  const removed = previous.filter((key) => !values.permissions.includes(key));
  if (removed.length > 0) {
    await run(supabase.from('role_permissions').delete().eq('role_id', id).in('permission', removed));
  }
  if (added.length > 0) {
    await run(supabase.from('role_permissions').insert(added.map((permission) => ({ role_id: id, permission }))));
  }
  return id;
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    meta: { errorTitle: 'access:toast.save_failed' },
    onSettled: () => invalidateAccess(queryClient),
  });
}
