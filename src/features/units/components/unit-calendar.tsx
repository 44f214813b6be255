import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrganizationSettings } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { LOCALES } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useUnitCalendar } from '../api/get-unit-calendar';
import { monthGrid, shiftMonth, staysByDay, toMonth, weekdayNames } from '../lib/calendar';
import { UnitCalendarList } from './unit-calendar-list';

const STATUS_CLASS: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-950',
  confirmed: 'bg-sky-100 text-sky-950',
  checked_in: 'bg-emerald-100 text-emerald-950',
  checked_out: 'bg-stone-200 text-stone-800',
  cancelled: 'bg-red-50 text-red-800 line-through',
};

/** Month view of one unit's bookings (SPEC §2 Units: calendar view). */
export function UnitCalendar({ unitId }: { unitId: string }) {
  const { t } = useTranslation('units');
  const language = currentLanguage();
  const { timeZone } = useOrganizationSettings();
  // Opens on the organisation's current month, wherever the browser is.
  const [month, setMonth] = useState(() => toMonth(new Date(), timeZone));
  const bookings = useUnitCalendar(unitId, month);
  const byDay = staysByDay(
    (bookings.data ?? []).filter((booking) => booking.status !== 'cancelled'),
    month,
  );
  const title = new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );

  return (
    <section className="grid gap-3" aria-label={t('calendar.title')}>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setMonth(shiftMonth(month, -1))}
          aria-label={t('calendar.previous')}
        >
          <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
        </Button>
        <h3 className="font-semibold text-stone-900" aria-live="polite" data-testid="calendar-month">
          {title}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setMonth(shiftMonth(month, 1))}
          aria-label={t('calendar.next')}
        >
          <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
        </Button>
      </div>
      {bookings.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {bookings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('calendar.error')}
        </p>
      ) : null}
      {bookings.isSuccess ? (
        <>
          <table className="w-full table-fixed border-collapse text-center text-sm">
            <thead>
              <tr>
                {weekdayNames(LOCALES[language]).map((day) => (
                  <th key={day} scope="col" className="py-1 text-xs font-medium text-stone-600">
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(month).map((week, row) => (
                <tr key={row}>
                  {week.map((day, column) => {
                    const stay = day ? byDay.get(day)?.[0] : undefined;
                    return (
                      <td key={day ?? `empty-${column}`} className="border border-stone-100 p-0.5">
                        {day ? (
                          <div
                            className={cn('rounded py-2', stay ? STATUS_CLASS[stay.status] : 'text-stone-700')}
                            data-booked={stay ? 'true' : undefined}
                          >
                            {Number(day.slice(8))}
                          </div>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <UnitCalendarList bookings={bookings.data} />
        </>
      ) : null}
    </section>
  );
}
