import { urlParam, type UrlStateDefinition, type UrlStateValues } from '@/lib/use-url-state';

export const REVIEW_STATUSES = ['all', 'published', 'unpublished'] as const;
export const REVIEW_RATINGS = ['all', '5', '4', '3', '2', '1'] as const;
export const REVIEWS_PAGE_SIZE = 10;

/**
 * The reviews list's state in the URL of the settings page (`?tab=public_site&reviews=unpublished&rating=5`),
 * under names of its own so it does not collide with the rest of the tab.
 */
export const REVIEWS_URL = {
  status: urlParam.oneOf(REVIEW_STATUSES, 'all', { key: 'reviews', filter: true }),
  rating: urlParam.oneOf(REVIEW_RATINGS, 'all', { key: 'rating', filter: true }),
  page: urlParam.page({ key: 'reviews_page' }),
} satisfies UrlStateDefinition;

export type ReviewListParams = UrlStateValues<typeof REVIEWS_URL>;
