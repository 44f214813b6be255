import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { invoiceFromBookingSchema, type InvoiceFromBookingInput } from '@/domain/invoices';
import { useBookingOption, type BookingOption } from '../api/search-options';
import { BookingPicker } from './pickers';

export interface FromBookingFormProps {
  initialBookingId: string | null;
  serverError?: string | null;
  onSubmit: (values: { bookingId: string; dueDate: string | null; reference: string }) => Promise<unknown>;
  onCancel: () => void;
}

/** Invoice from a booking: its stay and cleaning fee become the lines (a draft to check, then issue). */
export function FromBookingForm({ initialBookingId, serverError, onSubmit, onCancel }: FromBookingFormProps) {
  const { t } = useTranslation('invoices');
  // The booking the form was opened on shows as chosen once loaded, until the user changes it.
  const initial = useBookingOption(initialBookingId);
  const [picked, setPicked] = useState<BookingOption | null | undefined>(undefined);
  const booking = picked === undefined ? (initial.data ?? null) : picked;
  const form = useForm<InvoiceFromBookingInput>({
    resolver: zodResolver(invoiceFromBookingSchema),
    defaultValues: { booking_id: initialBookingId ?? '', due_date: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const handleSubmit = form.handleSubmit(async (values) => {
    await onSubmit({
      bookingId: values.booking_id,
      dueDate: values.due_date || null,
      reference: booking?.booking_reference ?? '',
    }).catch(() => undefined);
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="from-booking-form">
      <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
        <p className="text-sm text-stone-600">{t('form.from_booking_hint')}</p>
        <Controller
          control={form.control}
          name="booking_id"
          render={({ field }) => (
            <Field
              label={t('form.booking_required_label')}
              error={errors.booking_id?.message ? t(errors.booking_id.message) : undefined}
            >
              <BookingPicker
                label={t('form.booking_required_label')}
                value={booking}
                onChange={(next) => {
                  setPicked(next);
                  field.onChange(next?.id ?? '');
                }}
              />
            </Field>
          )}
        />
        <Field label={t('form.due_date')} error={errors.due_date?.message ? t(errors.due_date.message) : undefined}>
          <DateInput {...form.register('due_date')} />
        </Field>
        {serverError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="invoice-form-error">
            {serverError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" data-testid="create-from-booking">
            {t('actions.create_from_booking')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
