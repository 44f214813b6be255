import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { queryRoots } from '@/lib/query-roots';
import { supabase } from '@/lib/supabase';
import { useOptionalAuth } from './auth-provider';

/** The signed-in member's permission keys (`units.read`, `roles.manage`, …), per user. */
export const permissionKeys = {
  mine: (userId: string | null) => [...queryRoots.auth, 'permissions', userId] as const,
};

export async function getMyPermissions(signal?: AbortSignal): Promise<string[]> {
  return run(supabase.rpc('my_permissions'), { signal, schema: z.array(z.string()) });
}

export function myPermissionsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: permissionKeys.mine(userId),
    queryFn: ({ signal }) => getMyPermissions(signal),
    enabled: userId !== null,
    staleTime: 60_000,
    // The guard and the screen it guards read the same query: an error must not refetch each
    // time the screen mounts (the guard would unmount it while pending, for ever).
    retryOnMount: false,
  });
}

const NONE: readonly string[] = [];

export interface Permissions {
  /** Loaded: `can` answers for real. Until then (and on an error) screens must not guess "no". */
  status: 'pending' | 'error' | 'success';
  permissions: readonly string[];
  /** Why they could not be read (status 'error'). */
  error: Error | null;
  can: (key: string) => boolean;
}

/**
 * What the signed-in member may do (my_permissions()), for hiding and disabling what they may
 * not use. Only for the screens: the database checks every read and write by itself.
 */
export function usePermissions(): Permissions {
  const auth = useOptionalAuth();
  const staff = auth?.profile?.kind === 'staff';
  const userId = staff ? (auth?.user?.id ?? null) : null;
  const query = useQuery(myPermissionsQueryOptions(userId));
  // A vendor or the platform administrator belongs to no organisation: it holds none of its
  // permissions, which is known without asking.
  const permissions = userId === null ? NONE : query.data;
  const can = useCallback((key: string) => permissions?.includes(key) === true, [permissions]);
  const status = userId === null ? 'success' : query.status;
  return { status, permissions: permissions ?? NONE, error: query.error, can };
}
