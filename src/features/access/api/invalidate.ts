import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/lib/query-roots';
import { accessKeys } from './keys';

/**
 * After a role or an assignment changed: this screen, the caller's own permissions (their role
 * may be the one edited) and the Users screen, which names everyone's roles.
 */
export function invalidateAccess(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accessKeys.all }),
    queryClient.invalidateQueries({ queryKey: [...queryRoots.auth, 'permissions'] }),
    queryClient.invalidateQueries({ queryKey: queryRoots.users }),
  ]);
}
