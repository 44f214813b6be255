import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { formatDate } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useUnitBookings } from '../api/get-unit-bookings';
import type { TaskFormInput } from '../schemas';

/** The bookings of the chosen unit a task can be linked to (a turnover, a guest's request). */
export function RelatedBookingField({
  unitId,
  register,
}: {
  unitId: string | null;
  register: UseFormRegister<TaskFormInput>;
}) {
  const { t, i18n } = useTranslation('tasks');
  const language = i18n.language as Language;
  const bookings = useUnitBookings(unitId);
  return (
    <Field label={t('fields.booking')} hint={unitId ? undefined : t('form.booking_needs_unit')}>
      {/* Remounted when the bookings arrive, so an edited task shows its booking selected. */}
      <Select
        key={bookings.data ? 'loaded' : 'loading'}
        disabled={!unitId || bookings.isPending}
        {...register('booking_id')}
      >
        <option value="">{t('form.no_booking')}</option>
        {(bookings.data ?? []).map((booking) => (
          <option key={booking.id} value={booking.id}>
            {t('form.booking_option', {
              reference: booking.booking_reference,
              check_in: formatDate(booking.check_in, language),
              check_out: formatDate(booking.check_out, language),
            })}
          </option>
        ))}
      </Select>
    </Field>
  );
}
