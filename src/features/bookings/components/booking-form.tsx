import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isPendingRequest, useBookingConflicts } from '../api/get-booking-conflicts';
import { useBookingQuote } from '../api/get-booking-quote';
import type { BookingUnit } from '../api/get-booking-units';
import type { GuestOption } from '../api/search-guests';
import { useDebounced } from '@/lib/use-debounced';
import { BOOKING_SOURCES, bookingFormSchema, type BookingFormInput, type BookingFormOutput } from '../schemas';
import { GuestPicker } from './guest-picker';
import { PendingRequestsNotice } from './pending-requests-notice';
import { QuoteSummary } from './quote-summary';
import { localized } from '@/lib/localized';

export interface BookingFormProps {
  defaultValues: BookingFormInput;
  defaultGuest: GuestOption | null;
  units: BookingUnit[];
  /** The booking being edited: excluded from its own availability check. */
  bookingId?: string;
  submitLabel: string;
  serverError?: string | null;
  /** Resolves when saved; rejects to keep everything typed. */
  onSubmit: (values: BookingFormOutput) => Promise<unknown>;
  onCancel: () => void;
  /**
   * When public requests (and nothing else) hold the chosen dates: decline exactly those and
   * save, in one step (resolves when saved), and open one of them instead. Without both, such
   * dates are shown as booked.
   */
  onDeclineAndBook?: (values: BookingFormOutput, requestIds: string[]) => Promise<unknown>;
  onOpenBooking?: (id: string) => void;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function BookingForm({
  defaultValues,
  defaultGuest,
  units,
  bookingId,
  submitLabel,
  serverError,
  onSubmit,
  onCancel,
  onDeclineAndBook,
  onOpenBooking,
}: BookingFormProps) {
  const { t, i18n } = useTranslation('bookings');
  const [guest, setGuest] = useState<GuestOption | null>(defaultGuest);
  const form = useForm<BookingFormInput, unknown, BookingFormOutput>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const message = (key?: string) => (key ? t(key) : undefined);

  // Availability and price follow the dates live (debounced), from the database.
  const [unitId, checkIn, checkOut] = useWatch({ control: form.control, name: ['unit_id', 'check_in', 'check_out'] });
  const [stayUnit = '', stayIn = '', stayOut = ''] = useDebounced(`${unitId}|${checkIn}|${checkOut}`, 300).split('|');
  const ready = Boolean(stayUnit) && DAY.test(stayIn) && DAY.test(stayOut) && stayOut > stayIn;
  const stay = ready
    ? { unitId: stayUnit, checkIn: stayIn, checkOut: stayOut, excludeBookingId: bookingId ?? null }
    : null;
  const quote = useBookingQuote(stay);
  // What is in the way, asked beside the quote: when only public requests hold the dates, staff
  // see them (guest, dates, when they lapse) and choose, instead of a plain "already booked".
  const conflicts = useBookingConflicts(stay);
  const heldByRequests =
    quote.data?.available === false && conflicts.data?.length && conflicts.data.every(isPendingRequest)
      ? conflicts.data
      : null;
  const unit = units.find((candidate) => candidate.id === unitId);

  const handleSubmit = form.handleSubmit(async (values) => {
    await onSubmit(values).catch(() => undefined);
  });
  // The same validation as saving; rejects when the form is invalid (its errors show) or the save fails.
  const declineAndBook = (requestIds: string[]) =>
    new Promise<unknown>((resolve, reject) => {
      void form.handleSubmit(
        async (values) => onDeclineAndBook!(values, requestIds).then(resolve, reject),
        () => reject(new Error('invalid form')),
      )();
    });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="booking-form">
      <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="client_id"
          render={({ field, fieldState }) => (
            <Field label={t('form.guest')} error={message(fieldState.error?.message)} className="sm:col-span-2">
              <GuestPicker
                value={guest}
                onChange={(next) => {
                  setGuest(next);
                  field.onChange(next?.id ?? '');
                }}
              />
            </Field>
          )}
        />
        <Field label={t('fields.unit')} error={message(errors.unit_id?.message)} className="sm:col-span-2">
          <Select {...form.register('unit_id')} data-testid="unit-select">
            <option value="">{t('form.unit_placeholder')}</option>
            {units.map((option) => (
              <option
                key={option.id}
                value={option.id}
                disabled={!option.is_active && option.id !== defaultValues.unit_id}
              >
                {localized(i18n.language, option.name, option.name_ar)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('fields.check_in')} error={message(errors.check_in?.message)}>
          <DateInput {...form.register('check_in')} data-testid="check-in" />
        </Field>
        <Field label={t('fields.check_out')} error={message(errors.check_out?.message)}>
          <DateInput min={checkIn || undefined} {...form.register('check_out')} data-testid="check-out" />
        </Field>
        <div className="sm:col-span-2">
          {ready && heldByRequests && onDeclineAndBook && onOpenBooking ? (
            <PendingRequestsNotice
              requests={heldByRequests}
              onOpen={onOpenBooking}
              onDeclineAndBook={declineAndBook}
              disabled={isSubmitting}
            />
          ) : (
            <QuoteSummary
              quote={ready ? quote.data : undefined}
              // Unavailable: wait for what is in the way before saying "already booked".
              checking={
                ready &&
                ((quote.isFetching && !quote.data) || (quote.data?.available === false && conflicts.isFetching))
              }
              failed={ready && quote.isError}
            />
          )}
        </div>
        <Field
          label={t('fields.guests_count')}
          error={message(errors.guests_count?.message)}
          hint={unit ? t('form.max_guests', { count: unit.max_guests }) : undefined}
        >
          <Input type="number" min={1} max={unit?.max_guests} inputMode="numeric" {...form.register('guests_count')} />
        </Field>
        <Field label={t('fields.source')} error={message(errors.source?.message)}>
          <Select {...form.register('source')}>
            {BOOKING_SOURCES.map((source) => (
              <option key={source} value={source}>
                {t(`source.${source}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t('fields.special_requests')}
          error={message(errors.special_requests?.message)}
          className="sm:col-span-2"
        >
          <Textarea {...form.register('special_requests')} />
        </Field>
        {serverError ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2"
            data-testid="booking-form-error"
          >
            {serverError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={ready && quote.data?.available === false}>
            {submitLabel}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
