import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n';

/**
 * The marketplace rating: the ratings the vendor was listed with plus one voice per organisation
 * (the mean of its ratings of completed tasks), derived by the database.
 */
export function VendorRating({ rating, count }: { rating: number; count: number }) {
  const { t, i18n } = useTranslation('vendors');
  const language = i18n.language as Language;
  if (count === 0 && rating === 0) return <span className="text-xs text-stone-600">{t('card.no_reviews')}</span>;
  const value = formatNumber(rating, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span className="inline-flex items-center gap-1 text-sm" data-testid="vendor-rating">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      <span className="font-semibold text-stone-900" aria-label={t('card.rating_value', { rating: value })}>
        {value}
      </span>
      <span className="text-xs text-stone-600">({t('card.reviews', { count })})</span>
    </span>
  );
}
