import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useOrganizationSettings } from '@/lib/auth/organization-settings';
import { formatDate, formatDateTime } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import type { ReviewRow } from '../api/get-reviews';
import { useSetReviewPublished } from '../api/set-review-published';
import { ReviewsStars } from './reviews-stars';

export interface ReviewsItemProps {
  review: ReviewRow;
  /** `reviews.manage`: without it the row is read-only (no buttons). */
  canManage: boolean;
  onDelete: (review: ReviewRow) => void;
}

/**
 * One review: who, how many stars, what they wrote (in its own direction), the unit and the stay,
 * when it came in (the organisation's time zone) and whether the public page shows it.
 */
export function ReviewsItem({ review, canManage, onDelete }: ReviewsItemProps) {
  const { t, i18n } = useTranslation('reviews');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { timeZone } = useOrganizationSettings();
  const toggle = useSetReviewPublished();
  const headingId = `review-${review.id}`;
  const { unit, booking } = review;

  return (
    <li
      aria-labelledby={headingId}
      data-testid="review-item"
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h4 id={headingId} dir="auto" className="font-semibold text-stone-900">
          {review.guest_name}
        </h4>
        <ReviewsStars rating={review.rating} />
        <Badge variant={review.is_published ? 'success' : 'neutral'} data-testid="review-state">
          {review.is_published ? t('state.published') : t('state.unpublished')}
        </Badge>
      </div>
      {review.message ? (
        <p dir="auto" className="whitespace-pre-line text-stone-800">
          {review.message}
        </p>
      ) : (
        <p className="text-sm text-stone-500 italic">{t('item.no_message')}</p>
      )}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-500">{t('item.unit')}</dt>
          <dd className="text-stone-900">{unit ? localized(language, unit.name, unit.name_ar) : t('item.none')}</dd>
        </div>
        <div>
          <dt className="text-stone-500">{t('item.stay')}</dt>
          <dd className="text-stone-900">
            {booking ? (
              <>
                <span dir="ltr" className="font-mono">
                  {booking.booking_reference}
                </span>{' '}
                ·{' '}
                {t('item.stay_dates', {
                  from: formatDate(booking.check_in, language),
                  to: formatDate(booking.check_out, language),
                })}
              </>
            ) : (
              t('item.no_stay')
            )}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">{t('item.submitted')}</dt>
          <dd className="text-stone-900">
            <time dateTime={review.created_at}>{formatDateTime(review.created_at, language, timeZone)}</time>
          </dd>
        </div>
      </dl>
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={review.is_published ? 'outline' : 'primary'}
            disabled={toggle.isPending}
            aria-label={t(review.is_published ? 'actions.unpublish_named' : 'actions.publish_named', {
              name: review.guest_name,
            })}
            onClick={() => toggle.mutate({ id: review.id, published: !review.is_published })}
          >
            {review.is_published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {review.is_published ? t('actions.unpublish') : t('actions.publish')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('actions.delete_named', { name: review.guest_name })}
            onClick={() => onDelete(review)}
          >
            <Trash2 aria-hidden="true" />
            {t('actions.delete')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
