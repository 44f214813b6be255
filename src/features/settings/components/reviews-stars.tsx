import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';

/** Five stars, `rating` of them filled; read as one image: "4 of 5" / "4 من 5". */
export function ReviewsStars({ rating }: { rating: number }) {
  const { t, i18n } = useTranslation('reviews');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <span
      role="img"
      aria-label={t('rating', { rating: formatNumber(rating, language), max: formatNumber(5, language) })}
      className="inline-flex text-amber-500"
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={star <= rating ? 'size-4 fill-current' : 'size-4 text-stone-300'}
        />
      ))}
    </span>
  );
}
