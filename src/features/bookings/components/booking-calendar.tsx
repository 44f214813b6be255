import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useDateFormat } from '@/lib/use-date-format';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDate, formatDateTime, LOCALES } from '@/lib/format';
import { getDirection, isLanguage } from '@/lib/i18n';
import type { BookingUnit } from '../api/get-booking-units';
import type { CalendarBooking } from '../api/get-calendar-bookings';
import type { PendingRequests } from '../api/get-pending-requests';
import { cellAt, gridKeyAction, type GridShape } from '../lib/calendar-grid';
import { barPlacement } from '../lib/calendar-math';
import { CalendarRow, DAY_WIDTH, HEADER_HEIGHT, NAME_WIDTH, ROW_HEIGHT, type PlacedStay } from './calendar-row';
import { localized } from '@/lib/localized';

export interface BookingCalendarProps {
  units: BookingUnit[];
  bookingsByUnit: Map<string, CalendarBooking[]> | undefined;
  /** Public requests waiting for an answer, by booking id: shown as requests, with their lapse. */
  pendingRequests?: PendingRequests;
  start: string;
  days: string[];
  today: string;
  onOpenBooking: (id: string) => void;
  onCreate: (unitId: string, day: string) => void;
  /** Page Up/Down reached a day outside the window: show the month of `day`. */
  onShowDay: (day: string) => void;
}

const NO_STAYS: PlacedStay[] = [];

/**
 * Units as rows, days as columns, an ARIA grid: one tab stop, arrow keys between days (mirrored
 * in Arabic), Enter or Space books a free day or opens a stay (calendar-grid.ts holds the rules).
 * Rows are virtualised (only those on screen exist), so 200 units × 90 days with thousands of
 * stays scroll smoothly; the row holding the active cell is always rendered, so the grid never
 * loses its tab stop. The unit column and the day header stick.
 */
export function BookingCalendar({
  units,
  bookingsByUnit,
  pendingRequests,
  start,
  days,
  today,
  onOpenBooking,
  onCreate,
  onShowDay,
}: BookingCalendarProps) {
  const { t, i18n } = useTranslation('bookings');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { timeZone } = useOrganizationSettings();
  const helpId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const todayRef = useRef<HTMLDivElement>(null);
  const todayIndex = days.indexOf(today);

  // The active cell: a unit and a day, kept by id and date (not indexes) so it survives a refetch
  // that adds a unit and a change of the window; a day outside the window falls back to today, or
  // the first day.
  const [active, setActive] = useState<{ unitId: string; day: string } | null>(null);
  const activeRow = Math.max(active ? units.findIndex((unit) => unit.id === active.unitId) : 0, 0);
  const activeDayIndex = active ? days.indexOf(active.day) : -1;
  const activeCol = activeDayIndex >= 0 ? activeDayIndex : Math.max(todayIndex, 0);
  const focusPending = useRef(false);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return activeRow >= range.count || indexes.includes(activeRow)
        ? indexes
        : [...indexes, activeRow].sort((a, b) => a - b);
    },
    [activeRow],
  );
  const virtualizer = useVirtualizer({
    count: units.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    rangeExtractor,
  });

  const staysByUnit = useMemo(() => {
    const placed = new Map<string, PlacedStay[]>();
    for (const [unitId, bookings] of bookingsByUnit ?? []) {
      const row: PlacedStay[] = [];
      for (const booking of bookings) {
        const place = barPlacement(booking.checkIn, booking.checkOut, start, days.length);
        if (place) row.push({ ...place, booking, isRequest: pendingRequests?.has(booking.id) ?? false });
      }
      placed.set(unitId, row);
    }
    return placed;
  }, [bookingsByUnit, pendingRequests, start, days.length]);
  const staysOf = useCallback((row: number) => staysByUnit.get(units[row]?.id ?? '') ?? NO_STAYS, [staysByUnit, units]);

  const { hijriOf } = useDateFormat();
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', timeZone: 'UTC' }),
    [language],
  );
  const weekdayFormat = useMemo(
    () => new Intl.DateTimeFormat(LOCALES[language], { weekday: 'narrow', timeZone: 'UTC' }),
    [language],
  );
  // The header's texts, built once per month and language rather than on every scroll frame.
  const dayHeads = useMemo(
    () =>
      days.map((day) => {
        const noon = new Date(`${day}T12:00:00Z`);
        return {
          label: formatDate(day, language, 'long'),
          // The header's tooltip names the Hijri day too when the user shows Hijri dates.
          title: [formatDate(day, language, 'full'), hijriOf(day, 'long')].filter(Boolean).join(' · '),
          weekday: weekdayFormat.format(noon),
          number: dayFormat.format(noon),
        };
      }),
    [days, language, weekdayFormat, dayFormat, hijriOf],
  );
  const describeBooking = useCallback(
    (booking: CalendarBooking) => {
      const request = pendingRequests?.get(booking.id);
      return t(request ? 'calendar.request_bar_label' : 'calendar.bar_label', {
        reference: booking.reference,
        guest: booking.guest,
        from: formatDate(booking.checkIn, language),
        to: formatDate(booking.checkOut, language),
        status: t(`status.${booking.status}`),
        time: request ? formatDateTime(request.expiresAt, language, timeZone) : undefined,
      });
    },
    [t, language, pendingRequests, timeZone],
  );
  const cellLabel = useCallback(
    (unit: string, col: number, booking?: CalendarBooking) =>
      booking
        ? t('calendar.cell_booked', { unit, booking: describeBooking(booking) })
        : t('calendar.cell_free', { unit, date: dayHeads[col]?.label }),
    [t, describeBooking, dayHeads],
  );

  // Bring today into view when the window holds it.
  useEffect(() => {
    todayRef.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [start, days.length]);

  // After a key moved the active cell, focus it (its row is rendered: see rangeExtractor). A day
  // beyond the window waits for the window to show it.
  useEffect(() => {
    if (!focusPending.current || (active && activeDayIndex < 0)) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(
      `[data-row="${activeRow}"] [role="gridcell"][tabindex="0"]`,
    );
    if (!cell) return;
    focusPending.current = false;
    cell.focus({ preventScroll: true });
    // scroll-margin on the cells keeps them clear of the sticky header and unit column.
    cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });

  const activate = (row: number, col: number) => {
    const unit = units[row];
    const day = days[col];
    if (!unit || !day) return;
    setActive({ unitId: unit.id, day });
    const cell = cellAt(staysOf(row), col);
    if (cell.kind === 'stay') onOpenBooking(cell.stay.booking.id);
    else onCreate(unit.id, day);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLElement) || event.target.getAttribute('role') !== 'gridcell') return;
    const shape: GridShape = { rowCount: units.length, days, spansOf: staysOf, direction: getDirection(language) };
    const action = gridKeyAction({ row: activeRow, col: activeCol }, event, shape);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'activate') return activate(activeRow, activeCol);
    focusPending.current = true;
    const unitId = units[action.row]?.id ?? '';
    if (action.kind === 'shift') {
      setActive({ unitId, day: action.day });
      onShowDay(action.day);
      return;
    }
    const day = days[action.col];
    if (day) setActive({ unitId, day });
  };

  // A click on a free day books it, on a stay opens it (the clicked cell becomes the active one).
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const cell = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="gridcell"]') : null;
    const row = cell?.closest<HTMLElement>('[data-row]');
    if (cell && row) activate(Number(row.dataset.row), Number(cell.dataset.col));
  };

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={t('calendar.label')}
      aria-describedby={helpId}
      aria-rowcount={units.length + 1}
      aria-colcount={days.length + 1}
      className="relative h-[70vh] overflow-auto rounded-xl border border-stone-200 bg-white"
      onKeyDown={handleKeyDown}
      onClick={handleClick}
      data-testid="booking-calendar"
    >
      <p id={helpId} className="sr-only">
        {t('calendar.keyboard_help')}
      </p>
      <div className="relative" style={{ width: NAME_WIDTH + days.length * DAY_WIDTH }}>
        <div
          role="row"
          aria-rowindex={1}
          className="sticky top-0 z-20 flex border-b border-stone-200 bg-stone-50"
          style={{ height: HEADER_HEIGHT }}
        >
          <div
            role="columnheader"
            aria-colindex={1}
            className="sticky start-0 z-10 flex shrink-0 items-center border-e border-stone-200 bg-stone-50 px-3 text-xs font-semibold text-stone-700"
            style={{ width: NAME_WIDTH }}
          >
            {t('fields.unit')}
          </div>
          {days.map((day, index) => (
            <div
              key={day}
              ref={index === todayIndex ? todayRef : undefined}
              role="columnheader"
              aria-colindex={index + 2}
              aria-label={dayHeads[index]?.label}
              className={cn(
                'flex shrink-0 flex-col items-center justify-center text-xs',
                index === todayIndex ? 'bg-primary-700 font-bold text-white' : 'text-stone-700',
              )}
              style={{ width: DAY_WIDTH }}
              title={dayHeads[index]?.title}
              data-day={day}
            >
              <span>{dayHeads[index]?.weekday}</span>
              <span>{dayHeads[index]?.number}</span>
            </div>
          ))}
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
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
                rowIndex={item.index}
                unitId={unit.id}
                unitName={localized(language, unit.name, unit.name_ar)}
                stays={staysByUnit.get(unit.id) ?? NO_STAYS}
                length={days.length}
                top={item.start}
                activeCol={item.index === activeRow ? activeCol : undefined}
                cellLabel={cellLabel}
                describeBooking={describeBooking}
                emptyCellLabel={t('calendar.empty_cell')}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
