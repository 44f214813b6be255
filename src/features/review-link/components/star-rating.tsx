import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface StarRatingProps {
  /** 0 while nothing is chosen. */
  value: number;
  onChange: (value: number) => void;
  /** Already-translated message shown under the stars (and read with the group). */
  error?: string;
  disabled?: boolean;
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 1–5 stars as a native radio group: Tab reaches the group, the arrow keys move between stars
 * (the browser mirrors them in right-to-left pages), Space picks; each star is named "3 stars"
 * for screen readers. The stars follow the text direction, so in Arabic one star is on the right.
 */
export function StarRating({ value, onChange, error, disabled = false }: StarRatingProps) {
  const { t } = useTranslation('review-link');
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium text-stone-900">{t('form.rating_label')}</legend>
      <div className="flex items-center gap-1" data-testid="star-rating">
        {STARS.map((star) => (
          <label key={star} className={cn('cursor-pointer', disabled && 'cursor-not-allowed')}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              disabled={disabled}
              className="peer sr-only"
            />
            <span className="sr-only">{t('form.stars', { count: star })}</span>
            <span
              aria-hidden="true"
              className="flex size-11 items-center justify-center rounded-md peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-primary-600"
            >
              <Star className={cn('size-8', star <= value ? 'fill-amber-500 text-amber-600' : 'text-stone-400')} />
            </span>
          </label>
        ))}
      </div>
      {value > 0 ? (
        <p className="mt-1 text-sm text-stone-700" aria-hidden="true">
          {t('form.stars', { count: value })}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
