import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDate, LOCALES } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import type { BookingUnit } from '../api/get-booking-units';
import type { CalendarBooking } from '../api/get-calendar-bookings';
import { CalendarRow, DAY_WIDTH, NAME_WIDTH, ROW_HEIGHT } from './calendar-row';

const HEADER_HEIGHT = 48;

export interface BookingCalendarProps {
  units: BookingUnit[];
  bookingsByUnit: Map<string, CalendarBooking[]> | undefined;
  start: string;
  days: string[];
  today: string;
  onOpenBooking: (id: string) => void;
  onCreate: (unitId: string, day: string) => void;
}

/**
 * Units as rows, days as columns. Rows are virtualised (only those on screen exist), so 200 units
 * × 90 days with thousands of stays scroll smoothly; the unit column and the day header stick.
 */
export function BookingCalendar({ units, bookingsByUnit, start, days, today, onOpenBooking, onCreate }: BookingCalendarProps) {
  const { t, i18n } = useTranslation('bookings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const scrollRef = useRef<HTMLDivElement>(null);
  const todayRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: units.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const todayIndex = days.indexOf(today);

  const dayFormat = useMemo(() => new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', timeZone: 'UTC' }), [language]);
  const weekdayFormat = useMemo(() => new Intl.DateTimeFormat(LOCALES[language], { weekday: 'narrow', timeZone: 'UTC' }), [language]);
  const describeBooking = useCallback(
    (booking: CalendarBooking) =>
      t('calendar.bar_label', {
        reference: booking.reference,
        guest: booking.guest,
        from: formatDate(booking.checkIn, language),
        to: formatDate(booking.checkOut, language),
        status: t(`status.${booking.status}`),
      }),
    [t, language],
  );

  // Bring today into view when the window holds it.
  useEffect(() => {
    todayRef.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [start, days.length]);

  return (
    <div ref={scrollRef} className="relative h-[70vh] overflow-auto rounded-xl border border-stone-200 bg-white" data-testid="booking-calendar">
      <div className="relative" style={{ width: NAME_WIDTH + days.length * DAY_WIDTH }}>
        <div className="sticky top-0 z-20 flex border-b border-stone-200 bg-stone-50" style={{ height: HEADER_HEIGHT }}>
          <div className="sticky start-0 z-10 flex shrink-0 items-center border-e border-stone-200 bg-stone-50 px-3 text-xs font-semibold text-stone-700" style={{ width: NAME_WIDTH }}>
            {t('fields.unit')}
          </div>
          {days.map((day, index) => (
            <div
              key={day}
              ref={index === todayIndex ? todayRef : undefined}
              className={cn('flex shrink-0 flex-col items-center justify-center text-xs', index === todayIndex ? 'bg-primary-700 font-bold text-white' : 'text-stone-700')}
              style={{ width: DAY_WIDTH }}
              title={formatDate(day, language, 'full')}
              data-day={day}
            >
              <span>{weekdayFormat.format(new Date(`${day}T12:00:00Z`))}</span>
              <span>{dayFormat.format(new Date(`${day}T12:00:00Z`))}</span>
            </div>
          ))}
        </div>
        <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {todayIndex >= 0 ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute top-0 bottom-0 z-[5] w-0.5 bg-primary-600"
              style={{ insetInlineStart: NAME_WIDTH + todayIndex * DAY_WIDTH + DAY_WIDTH / 2 }}
              data-testid="today-marker"
            />
          ) : null}
          {virtualizer.getVirtualItems().map((item) => {
            const unit = units[item.index];
            if (!unit) return null;
            return (
              <CalendarRow
                key={unit.id}
                unitId={unit.id}
                unitName={language === 'ar' ? unit.name_ar || unit.name : unit.name}
                bookings={bookingsByUnit?.get(unit.id)}
                start={start}
                days={days}
                top={item.start}
                describeBooking={describeBooking}
                emptyCellLabel={t('calendar.empty_cell')}
                onOpenBooking={onOpenBooking}
                onCreate={onCreate}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
