import { queryRoots } from '@/lib/query-roots';
import type { TeamListParams } from '../schemas';

/** Query keys of the users feature, broad to narrow (STYLE 3). */
export const userKeys = {
  all: queryRoots.users,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: TeamListParams) => [...userKeys.lists(), params] as const,
  roles: () => [...userKeys.all, 'invitable-roles'] as const,
  permissions: () => [...userKeys.all, 'permissions'] as const,
  invitation: (token: string) => [...userKeys.all, 'invitation', token] as const,
};
