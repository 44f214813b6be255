import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { linkStateOf, useSubmitReview, type LinkState } from '../api/review-link';
import { StarRating } from './star-rating';

/** The database's limit on a review's message (public.reviews). */
export const MESSAGE_MAX = 4000;

export interface ReviewFormProps {
  token: string;
  /** The review was stored. */
  onSent: () => void;
  /** The link turned out to be used, expired or unknown while the guest was writing. */
  onLinkState: (state: LinkState) => void;
}

/**
 * Rating (required) and message (optional, up to 4000 characters). A refusal or a network error
 * leaves everything the guest typed in place, with the reason above the button.
 */
export function ReviewForm({ token, onSent, onLinkState }: ReviewFormProps) {
  const { t } = useTranslation('review-link');
  const language = currentLanguage();
  const [rating, setRating] = useState(0);
  const [message, setMessage] = useState('');
  const [ratingError, setRatingError] = useState<string>();
  const submit = useSubmitReview(token);
  const tooLong = message.length > MESSAGE_MAX;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating < 1) {
      setRatingError(t('form.rating_required'));
      return;
    }
    if (tooLong) return;
    submit.mutate(
      { rating, message },
      {
        onSuccess: onSent,
        onError: (error) => {
          const state = linkStateOf(error);
          if (state) onLinkState(state);
        },
      },
    );
  }

  const failure = submit.error && !linkStateOf(submit.error) ? getErrorMessage(submit.error) : null;
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5" aria-label={t('form.title')}>
      <StarRating
        value={rating}
        onChange={(value) => {
          setRating(value);
          setRatingError(undefined);
        }}
        error={ratingError}
        disabled={submit.isPending}
      />
      <Field
        label={t('form.message_label')}
        hint={t('form.message_hint', {
          used: formatNumber(message.length, language),
          max: formatNumber(MESSAGE_MAX, language),
        })}
        error={tooLong ? t('form.message_too_long', { max: formatNumber(MESSAGE_MAX, language) }) : undefined}
      >
        <Textarea
          rows={6}
          dir="auto"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={MESSAGE_MAX}
          placeholder={t('form.message_placeholder')}
          disabled={submit.isPending}
        />
      </Field>
      {failure ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={submit.isPending} className="self-start">
        {submit.isPending ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}
