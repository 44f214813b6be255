import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { vendorKeys } from './keys';

/**
 * What the signed-in staff member may do on this screen, from their roles: administrators
 * verify; vendors.write adds, lists and removes. Only for showing the right buttons — the
 * database checks every write itself.
 */
export async function getVendorPermissions(userId: string, signal?: AbortSignal) {
  const data = await run(
    supabase.from('user_roles').select('role:roles(key, role_permissions(permission))').eq('user_id', userId),
    { signal },
  );
  const isAdmin = data.some((row) => row.role?.key === 'admin');
  const canWrite =
    isAdmin || data.some((row) => row.role?.role_permissions.some((p) => p.permission === 'vendors.write'));
  return { isAdmin, canWrite };
}

export function vendorPermissionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: vendorKeys.permissions(userId),
    queryFn: ({ signal }) => getVendorPermissions(userId, signal),
  });
}

export function useVendorPermissions(userId: string) {
  return useQuery(vendorPermissionsQueryOptions(userId));
}
