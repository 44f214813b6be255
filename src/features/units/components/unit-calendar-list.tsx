import { useTranslation } from 'react-i18next';
import { DualDate } from '@/components/dual-date';
import { Badge } from '@/components/ui/badge';
import type { UnitCalendarBooking } from '../api/get-unit-calendar';

/** The month's bookings as a list: the grid's colours alone would not reach a screen reader. */
export function UnitCalendarList({ bookings }: { bookings: UnitCalendarBooking[] }) {
  const { t } = useTranslation('units');
  if (bookings.length === 0) return <p className="text-sm text-stone-600">{t('calendar.empty')}</p>;
  return (
    <ul className="grid gap-2" data-testid="calendar-bookings">
      {bookings.map((booking) => (
        <li
          key={booking.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-stone-200 px-3 py-2 text-sm"
        >
          <span className="font-medium">
            {t('calendar.booked_by', { reference: booking.booking_reference, guest: booking.clients?.name ?? '' })}
          </span>
          <span className="text-stone-600" dir="auto">
            <DualDate value={booking.check_in} /> – <DualDate value={booking.check_out} />
          </span>
          <Badge>{t(`calendar.booking_status.${booking.status}`)}</Badge>
        </li>
      ))}
    </ul>
  );
}
