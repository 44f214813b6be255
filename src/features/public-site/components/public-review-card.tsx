import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import type { PublicReview } from '../api/get-public-site';

export function PublicReviewCard({ review, language }: { review: PublicReview; language: Language }) {
  const { t } = useTranslation('public-site');
  return (
    <Card data-testid="public-review">
      <CardContent className="flex flex-col gap-2 pt-5">
        <p
          className="flex items-center gap-0.5 text-amber-600"
          role="img"
          aria-label={t('rating', { rating: review.rating })}
        >
          {[1, 2, 3, 4, 5].map((star) => (
            <Star
              key={star}
              aria-hidden="true"
              className={star <= review.rating ? 'size-4 fill-current' : 'size-4 text-stone-300'}
            />
          ))}
        </p>
        {review.message ? <blockquote className="text-stone-800">{review.message}</blockquote> : null}
        <p className="text-sm text-stone-600">
          {review.guest_name}
          {review.published_at ? ` · ${formatDate(review.published_at, language)}` : ''}
        </p>
      </CardContent>
    </Card>
  );
}
