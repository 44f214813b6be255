import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { assignmentSchema, memberSchema, permissionSchema, roleSchema } from '../schemas';
import { accessKeys } from './keys';

export interface AccessOverview {
  permissions: z.infer<typeof permissionSchema>[];
  roles: z.infer<typeof roleSchema>[];
  assignments: z.infer<typeof assignmentSchema>[];
  members: z.infer<typeof memberSchema>[];
}

/**
 * Everything the Access screen shows: the permission catalogue, the organisation's roles with
 * their permissions, who holds which role and the staff to assign (RLS scopes each to the
 * caller's organisation).
 */
export async function getAccessOverview(signal?: AbortSignal): Promise<AccessOverview> {
  const [permissions, roles, assignments, members] = await Promise.all([
    run(supabase.from('permissions').select('key, module, action, description').order('key'), {
      signal,
      schema: z.array(permissionSchema),
    }),
    run(
      supabase
        .from('roles')
        .select('id, key, name, is_system, role_permissions(permission)')
        .order('is_system', { ascending: false })
        .order('name'),
      { signal, schema: z.array(roleSchema) },
    ),
    run(supabase.from('user_roles').select('id, user_id, role_id'), { signal, schema: z.array(assignmentSchema) }),
    run(
      supabase
        .from('profiles')
        .select('user_id, full_name, email, phone, status')
        .eq('kind', 'staff')
        .order('full_name'),
      { signal, schema: z.array(memberSchema) },
    ),
  ]);
  return { permissions, roles, assignments, members };
}

export function accessOverviewQueryOptions() {
  return queryOptions({ queryKey: accessKeys.overview(), queryFn: ({ signal }) => getAccessOverview(signal) });
}

export function useAccessOverview(options: { enabled?: boolean } = {}) {
  return useQuery({ ...accessOverviewQueryOptions(), ...options });
}
