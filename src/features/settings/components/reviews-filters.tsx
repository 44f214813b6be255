import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { REVIEW_RATINGS, REVIEW_STATUSES, type ReviewListParams } from '../api/review-list-params';

export interface ReviewsFiltersProps {
  params: ReviewListParams;
  onChange: (patch: Partial<Pick<ReviewListParams, 'status' | 'rating'>>) => void;
}

/** Published / unpublished / all, and one star rating or all. */
export function ReviewsFilters({ params, onChange }: ReviewsFiltersProps) {
  const { t, i18n } = useTranslation('reviews');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 sm:max-w-lg">
      <Field label={t('filters.status')} compact>
        <Select
          value={params.status}
          onChange={(event) => onChange({ status: event.target.value as ReviewListParams['status'] })}
        >
          {REVIEW_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`filters.status_${status}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('filters.rating')} compact>
        <Select
          value={params.rating}
          onChange={(event) => onChange({ rating: event.target.value as ReviewListParams['rating'] })}
        >
          {REVIEW_RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {rating === 'all'
                ? t('filters.rating_all')
                : t('filters.rating_value', {
                    rating: formatNumber(Number(rating), language),
                    max: formatNumber(5, language),
                  })}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
