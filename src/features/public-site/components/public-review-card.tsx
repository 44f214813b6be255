import { Star } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { useLeanI18n } from '@/lib/lean-i18n';
import type { PublicReview } from '../api/get-public-site-page';

/** A published review on /org/{slug}: stars, the guest's words, their name and the date. */
export function PublicReviewCard({ review }: { review: PublicReview }) {
  const { t, language } = useLeanI18n();
  return (
    <article
      className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
      data-testid="public-review"
    >
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
    </article>
  );
}
