import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { userKeys } from './keys';

/**
 * Whether the signed-in member may manage users (`users.manage`, from my_permissions): only for
 * showing the screen and its buttons — the database checks every read and write itself.
 */
export async function getUserPermissions(signal?: AbortSignal) {
  const permissions = await run(supabase.rpc('my_permissions'), { signal, schema: z.array(z.string()) });
  return { canManage: permissions.includes('users.manage') };
}

export function userPermissionsQueryOptions() {
  return queryOptions({ queryKey: userKeys.permissions(), queryFn: ({ signal }) => getUserPermissions(signal) });
}

export function useUserPermissions() {
  return useQuery(userPermissionsQueryOptions());
}
