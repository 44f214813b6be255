import { useTranslation } from 'react-i18next';
import { localized } from '@/lib/localized';
import { useBookingSearch, useClientSearch, type BookingOption, type ClientOption } from '../api/search-options';
import { useInvoiceFormat } from '../lib/use-money';
import { SearchPicker } from './search-picker';

interface PickerProps<T> {
  value: T | null;
  onChange: (value: T | null) => void;
  label: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export function ClientPicker(props: PickerProps<ClientOption>) {
  const { t } = useTranslation('invoices');
  return (
    <SearchPicker
      {...props}
      useOptions={useClientSearch}
      placeholder={t('form.client_placeholder')}
      testId="client-picker"
      renderOption={(client) => (
        <span className="flex justify-between gap-2">
          <span className="font-medium">{client.name}</span>
          <span className="text-stone-600" dir="ltr">
            {client.phone}
          </span>
        </span>
      )}
    />
  );
}

export function BookingPicker(props: PickerProps<BookingOption>) {
  const { t, i18n } = useTranslation('invoices');
  const format = useInvoiceFormat();
  return (
    <SearchPicker
      {...props}
      useOptions={useBookingSearch}
      placeholder={t('form.booking_placeholder')}
      testId="booking-picker"
      renderOption={(booking) => (
        <span className="flex flex-col">
          <span className="font-medium">
            {t('form.booking_option', {
              reference: booking.booking_reference,
              guest: booking.client.name,
              unit: localized(i18n.language, booking.unit.name, booking.unit.name_ar),
            })}
          </span>
          <span className="text-xs text-stone-600">
            {format.date(booking.check_in)} – {format.date(booking.check_out)}
          </span>
        </span>
      )}
    />
  );
}
