import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/errors';
import { LOCALES } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { useBookingUnits } from '../api/get-booking-units';
import { useCalendarBookings } from '../api/get-calendar-bookings';
import { usePendingRequests } from '../api/get-pending-requests';
import { REQUEST_BAR_STYLE, STATUS_STYLES } from '../lib/booking-status';
import { addDays, addMonths, daysBetween, startOfMonth, windowDays } from '../lib/calendar-math';
import { BOOKING_STATUSES } from '../schemas';
import { BookingCalendar } from './booking-calendar';
import { Select } from '@/components/ui/select';

export interface CalendarViewProps {
  /** Any day of the first month shown (YYYY-MM-DD). */
  month: string;
  months: 1 | 3;
  today: string;
  onNavigate: (changes: { month?: string; months?: 1 | 3 }) => void;
  onOpenBooking: (id: string) => void;
  onCreate: (unitId: string, day: string) => void;
}

export function CalendarView({ month, months, today, onNavigate, onOpenBooking, onCreate }: CalendarViewProps) {
  const { t, i18n } = useTranslation('bookings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const start = startOfMonth(month);
  const end = addMonths(start, months);
  const days = useMemo(() => windowDays(start, daysBetween(start, end)), [start, end]);
  const units = useBookingUnits();
  const bookings = useCalendarBookings(start, end);
  // Which pending stays are public requests waiting for an answer (and until when).
  const requests = usePendingRequests(start, end);
  const title = new Intl.DateTimeFormat(LOCALES[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(new Date(`${start}T12:00:00Z`), new Date(`${addDays(end, -1)}T12:00:00Z`));

  return (
    <section aria-label={t('calendar.label')}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={t('calendar.previous')}
          onClick={() => onNavigate({ month: addMonths(start, -1) })}
          data-testid="calendar-previous"
        >
          <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('calendar.next')}
          onClick={() => onNavigate({ month: addMonths(start, 1) })}
          data-testid="calendar-next"
        >
          <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
        </Button>
        <Button variant="outline" onClick={() => onNavigate({ month: startOfMonth(today) })}>
          {t('calendar.today')}
        </Button>
        <h2 className="mx-2 text-lg font-semibold text-stone-900" data-testid="calendar-title">
          {title}
        </h2>
        <Select
          aria-label={t('calendar.span')}
          className="ms-auto w-36"
          value={months}
          onChange={(event) => onNavigate({ months: event.target.value === '3' ? 3 : 1 })}
        >
          <option value="1">{t('calendar.one_month')}</option>
          <option value="3">{t('calendar.three_months')}</option>
        </Select>
      </div>
      <ul className="mb-3 flex flex-wrap gap-3 text-xs" aria-label={t('calendar.legend')}>
        {BOOKING_STATUSES.filter((status) => status !== 'cancelled').map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block size-3 rounded-sm border ${STATUS_STYLES[status].bar}`} />
            {t(`status.${status}`)}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={`inline-block size-3 rounded-sm border ${STATUS_STYLES.pending.bar} ${REQUEST_BAR_STYLE}`}
          />
          {t('calendar.legend_request')}
        </li>
      </ul>
      {units.isError || bookings.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          {getErrorMessage(units.error ?? bookings.error)}
        </p>
      ) : null}
      {units.isPending ? <Skeleton className="h-96 w-full" /> : null}
      {units.data ? (
        <BookingCalendar
          units={units.data}
          bookingsByUnit={bookings.data}
          pendingRequests={requests.data}
          start={start}
          days={days}
          today={today}
          onOpenBooking={onOpenBooking}
          onCreate={onCreate}
          onShowDay={(day) => onNavigate({ month: startOfMonth(day) })}
        />
      ) : null}
    </section>
  );
}
