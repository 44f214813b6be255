import { MessageSquareQuote } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/errors';
import { useUrlState } from '@/lib/use-url-state';
import { useReviewPermissions } from '../api/get-review-permissions';
import { useReviews, type ReviewRow } from '../api/get-reviews';
import { REVIEWS_PAGE_SIZE, REVIEWS_URL } from '../api/review-list-params';
import { ReviewsDeleteDialog } from './reviews-delete-dialog';
import { ReviewsFilters } from './reviews-filters';
import { ReviewsItem } from './reviews-item';

/**
 * Settings → Public site → Guest reviews (SPEC §2, §4): every review of the organisation, newest
 * first, filtered and paged on the server. Holders of `reviews.manage` publish, unpublish and
 * delete; everyone else on the staff reads. Only published reviews reach the public page.
 */
export function ReviewsManager() {
  const { t } = useTranslation('reviews');
  const { values: params, set } = useUrlState(REVIEWS_URL);
  const reviews = useReviews(params);
  const permissions = useReviewPermissions();
  const canManage = permissions.data?.canManage ?? false;
  const [deleting, setDeleting] = useState<ReviewRow | null>(null);
  const filtered = params.status !== 'all' || params.rating !== 'all';

  return (
    <section
      aria-labelledby="guest-reviews-title"
      className="mt-8 flex flex-col gap-4 border-t border-stone-200 pt-6"
      data-testid="reviews-manager"
    >
      <div>
        <h3 id="guest-reviews-title" className="text-base font-semibold text-stone-900">
          {t('title')}
        </h3>
        <p className="text-sm text-stone-600">{t('description')}</p>
      </div>
      <ReviewsFilters params={params} onChange={(patch) => set(patch)} />
      {reviews.isPending ? (
        <Spinner label={t('loading')} className="py-8" />
      ) : reviews.isError ? (
        <EmptyState
          icon={MessageSquareQuote}
          titleAs="h3"
          title={t('errors.load_failed')}
          description={getErrorMessage(reviews.error)}
        />
      ) : reviews.data.total === 0 ? (
        <EmptyState
          icon={MessageSquareQuote}
          titleAs="h3"
          title={filtered ? t('empty.no_match') : t('empty.title')}
          description={filtered ? t('empty.no_match_description') : t('empty.description')}
          data-testid="reviews-empty"
        />
      ) : (
        <div
          aria-busy={reviews.isPlaceholderData}
          className={cn('flex flex-col gap-3', reviews.isPlaceholderData && 'opacity-60')}
        >
          <ul className="flex flex-col gap-3">
            {reviews.data.rows.map((review) => (
              <ReviewsItem key={review.id} review={review} canManage={canManage} onDelete={setDeleting} />
            ))}
          </ul>
          <ListPagination
            page={params.page}
            pageSize={REVIEWS_PAGE_SIZE}
            total={reviews.data.total}
            onPageChange={(page) => set({ page }, { history: 'push' })}
          />
        </div>
      )}
      <ReviewsDeleteDialog review={deleting} onOpenChange={(open) => (open ? null : setDeleting(null))} />
    </section>
  );
}
