import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth, useOrganizationSettings } from '@/lib/auth';
import { addDays, formatMoney, todayIn } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useCreateBooking, type BookingSummary } from '../../api/bookings';
import { useOnboardingClients } from '../../api/clients';
import { useOnboardingUnits } from '../../api/units';
import { bookingFormSchema, type BookingFormInput, type BookingFormValues } from '../../schemas';
import { Select } from '@/components/ui/select';
import { StepError } from '../step-error';
import { FullScreenLink } from './full-screen-link';
import type { StepProps } from './step-props';

/** The first booking (optional): one of the organisation's units for one of its guests. */
export function BookingStep({ formId, onDone, onOpenFullScreen, onBusyChange }: StepProps) {
  const { t } = useTranslation('onboarding');
  const { organization } = useAuth();
  const { timeZone, currency } = useOrganizationSettings();
  const units = useOnboardingUnits(organization?.id);
  const clients = useOnboardingClients(organization?.id);
  const create = useCreateBooking();
  const [saved, setSaved] = useState<BookingSummary | null>(null);
  // Tomorrow to the day after next, in the organisation's calendar.
  const [today] = useState(() => todayIn(timeZone));
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: {
      unit_id: '',
      client_id: '',
      check_in: addDays(today, 1),
      check_out: addDays(today, 3),
      guests_count: '1',
    },
  });
  const { errors } = form.formState;
  useEffect(() => onBusyChange(create.isPending), [create.isPending, onBusyChange]);

  const finish = (event: React.FormEvent) => {
    event.preventDefault();
    onDone();
  };

  if (saved) {
    return (
      <form id={formId} onSubmit={finish} data-testid="onboarding-booking-done">
        <p className="text-sm text-stone-700">
          {t('booking.saved', {
            reference: saved.booking_reference,
            total: formatMoney(saved.total_amount, currency, currentLanguage()),
          })}
        </p>
      </form>
    );
  }
  // Nothing to book with yet: the step explains and Continue moves on.
  if (units.data?.length === 0 || clients.data?.length === 0) {
    return (
      <form id={formId} onSubmit={finish} className="flex flex-col gap-2" data-testid="onboarding-booking-unavailable">
        <p className="text-sm text-stone-700">{t('booking.needs_unit_and_client')}</p>
        <FullScreenLink onClick={onOpenFullScreen} label={t('booking.open_bookings')} />
      </form>
    );
  }

  const handleSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Optional step: no property and no guest chosen means "not now".
    const { unit_id: unitId, client_id: clientId } = form.getValues();
    if (!unitId && !clientId) {
      onDone();
      return;
    }
    await form.handleSubmit(async (values) => {
      if (!organization) return;
      try {
        setSaved(await create.mutateAsync({ ...values, organizationId: organization.id }));
      } catch {
        // Shown below (an overlapping stay gets "This unit is already booked for the selected dates").
      }
    })(event);
  };

  const fieldError = (message: string | undefined) => (message ? t(message) : undefined);
  return (
    <form
      id={formId}
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="onboarding-booking-form"
    >
      <p className="text-sm text-stone-600">{t('optional_hint')}</p>
      <fieldset
        disabled={create.isPending || units.isPending || clients.isPending}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        <Field label={t('booking.unit')} error={fieldError(errors.unit_id?.message)}>
          <Select {...form.register('unit_id')} data-testid="booking-unit">
            <option value="">{t('booking.choose')}</option>
            {(units.data ?? []).map((unit) => (
              <option key={unit.id} value={unit.id}>
                {unit.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('booking.client')} error={fieldError(errors.client_id?.message)}>
          <Select {...form.register('client_id')} data-testid="booking-client">
            <option value="">{t('booking.choose')}</option>
            {(clients.data ?? []).map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('booking.check_in')} error={fieldError(errors.check_in?.message)}>
          <Input {...form.register('check_in')} type="date" data-testid="booking-check-in" />
        </Field>
        <Field label={t('booking.check_out')} error={fieldError(errors.check_out?.message)}>
          <Input {...form.register('check_out')} type="date" data-testid="booking-check-out" />
        </Field>
        <Field label={t('booking.guests')} error={fieldError(errors.guests_count?.message)}>
          <Input {...form.register('guests_count')} inputMode="numeric" dir="ltr" data-testid="booking-guests" />
        </Field>
      </fieldset>
      <StepError title={t('errors.create_booking')} error={create.error ?? units.error ?? clients.error} />
      <FullScreenLink onClick={onOpenFullScreen} label={t('booking.open_bookings')} />
    </form>
  );
}
