import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { useRateTask } from '../api/rate-task';

/**
 * Rate the vendor's work on a completed task, 1–5 stars (a radio group, so keys work). A rating
 * is given once (the database refuses a change), so the stars only show it afterwards.
 */
export function TaskRating({
  taskId,
  vendorName,
  rating,
}: {
  taskId: string;
  vendorName: string;
  rating: number | null;
}) {
  const { t } = useTranslation('tasks');
  const rate = useRateTask();
  return (
    <fieldset className="flex flex-col gap-1.5 rounded-lg border border-stone-200 p-3">
      <legend className="px-1 text-sm font-semibold text-stone-900">
        {t('details.rate_title', { vendor: vendorName })}
      </legend>
      <p className="text-xs text-stone-600">{t('details.rate_hint')}</p>
      <div className="flex gap-1" role="radiogroup" aria-label={t('details.rate_title', { vendor: vendorName })}>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={rating === null ? 'cursor-pointer' : undefined}>
            <input
              type="radio"
              name={`rating-${taskId}`}
              value={value}
              checked={rating === value}
              className="peer sr-only"
              disabled={rate.isPending || rating !== null}
              onChange={() =>
                rate.mutate({ id: taskId, rating: value }, { onSuccess: () => toast.success(t('toasts.rated')) })
              }
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-7 peer-focus-visible:outline-2 peer-focus-visible:outline-primary-600',
                rating !== null && value <= rating ? 'fill-amber-400 text-amber-500' : 'text-stone-400',
              )}
            />
            <span className="sr-only">{t('details.rate_value', { count: value })}</span>
          </label>
        ))}
      </div>
      {rating ? <p className="text-xs text-stone-700">{t('details.rated', { rating })}</p> : null}
    </fieldset>
  );
}
