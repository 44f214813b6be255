import { queryRoots } from '@/lib/query-roots';
import type { ReviewListParams } from './review-list-params';

/** Query keys of the reviews list in Settings → Public site, broad to narrow (STYLE 3). */
export const reviewKeys = {
  all: queryRoots.reviews,
  lists: () => [...reviewKeys.all, 'list'] as const,
  list: (params: ReviewListParams) => [...reviewKeys.lists(), params] as const,
  permissions: () => [...reviewKeys.all, 'permissions'] as const,
};
