import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { publicBookingRequestSchema, type PublicBookingRequestInput } from '@/domain/public-booking';
import { getErrorMessage, toAppError } from '@/lib/errors';
import type { Language } from '@/lib/i18n';
import { useRequestBooking, type RequestedBooking } from '../api/get-public-unit';

type Values = Omit<PublicBookingRequestInput, 'consent' | 'guests_count'> & { consent: boolean; guests_count: string };
type Errors = Partial<Record<keyof Values, string>>;

const RATE_LIMIT_KEYS = new Set([
  'booking_request_limit_guest',
  'booking_request_limit_unit',
  'booking_request_limit_address',
  'booking_request_renewal',
]);

export interface BookingRequestFormProps {
  slug: string;
  unitId: string;
  maxGuests: number;
  language: Language;
  checkIn: string | null;
  checkOut: string | null;
  guests: number;
  onGuestsChange: (guests: number) => void;
  onRequested: (booking: RequestedBooking) => void;
}

/**
 * The guest's request (request_booking): name, mobile (Saudi or international, sent in E.164),
 * optional e-mail, identity document, guests, special requests and consent to be contacted. A
 * refusal is shown in the guest's language with its own message and the form keeps what the
 * guest typed.
 */
export function BookingRequestForm(props: BookingRequestFormProps) {
  const { slug, unitId, maxGuests, language, checkIn, checkOut, guests, onGuestsChange, onRequested } = props;
  const { t } = useTranslation('public-site');
  const [values, setValues] = useState<Omit<Values, 'guests_count'>>({
    guest_name: '',
    guest_phone: '',
    guest_email: '',
    identity: '',
    special_requests: '',
    consent: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const request = useRequestBooking();
  const set = (name: keyof Values) => (value: string | boolean) => setValues((old) => ({ ...old, [name]: value }));

  const refusal = (error: unknown): string => {
    const appError = toAppError(error);
    const key = appError.messageKey.startsWith('errors.db.') ? appError.messageKey.slice('errors.db.'.length) : '';
    if (appError.kind === 'booking_overlap') return t('form.errors.taken');
    if (key === 'guests_count_invalid') return t('form.errors.too_many_guests');
    // The site hides units without a valid tourism licence (issue 17): 404 unit_unlicensed.
    if ((appError.cause as { hint?: unknown } | undefined)?.hint === 'unit_unlicensed')
      return t('form.errors.unlicensed');
    if (RATE_LIMIT_KEYS.has(key)) return getErrorMessage(appError, language);
    if (appError.kind === 'rate_limited') return t('form.errors.rate_limited');
    if (appError.kind === 'network') return t('form.errors.network');
    return getErrorMessage(appError, language);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = publicBookingRequestSchema(maxGuests).safeParse({ ...values, guests_count: String(guests) });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Values;
        next[field] ??= t(issue.message, { max: maxGuests });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (!checkIn || !checkOut) {
      setFailure(t('form.choose_dates_first'));
      return;
    }
    request.mutate(
      { slug, unitId, checkIn, checkOut, language, request: parsed.data },
      { onSuccess: onRequested, onError: (error) => setFailure(refusal(error)) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="booking-request-form">
      <Field label={t('form.name')} error={errors.guest_name}>
        <Input
          autoComplete="name"
          value={values.guest_name}
          onChange={(event) => set('guest_name')(event.target.value)}
        />
      </Field>
      <Field label={t('form.phone')} hint={t('form.phone_hint')} error={errors.guest_phone}>
        <Input
          type="tel"
          dir="ltr"
          autoComplete="tel"
          inputMode="tel"
          value={values.guest_phone}
          onChange={(event) => set('guest_phone')(event.target.value)}
        />
      </Field>
      <Field label={t('form.email')} error={errors.guest_email ?? undefined}>
        <Input
          type="email"
          dir="ltr"
          autoComplete="email"
          value={values.guest_email ?? ''}
          onChange={(event) => set('guest_email')(event.target.value)}
        />
      </Field>
      <Field label={t('form.identity')} hint={t('form.identity_hint')} error={errors.identity}>
        <Input dir="ltr" value={values.identity} onChange={(event) => set('identity')(event.target.value)} />
      </Field>
      <Field label={t('form.guests')} hint={t('form.guests_hint', { count: maxGuests })} error={errors.guests_count}>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={maxGuests}
          value={String(guests)}
          onChange={(event) => onGuestsChange(Number(event.target.value))}
        />
      </Field>
      <Field label={t('form.special_requests')} error={errors.special_requests ?? undefined}>
        <Textarea
          rows={3}
          value={values.special_requests ?? ''}
          onChange={(event) => set('special_requests')(event.target.value)}
        />
      </Field>
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-primary-700"
            checked={values.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'consent-error' : undefined}
            onChange={(event) => set('consent')(event.target.checked)}
          />
          {t('form.consent')}
        </label>
        {errors.consent ? (
          <p id="consent-error" role="alert" className="text-xs font-medium text-red-700">
            {errors.consent}
          </p>
        ) : null}
      </div>
      {failure ? (
        <p
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800"
          data-testid="request-error"
        >
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}
