import { memo, type MouseEvent } from 'react';
import { cn } from '@/lib/cn';
import type { CalendarBooking } from '../api/get-calendar-bookings';
import { STATUS_STYLES } from '../lib/booking-status';
import { barPlacement, dayAtOffset } from '../lib/calendar-math';

export const DAY_WIDTH = 40;
export const NAME_WIDTH = 176;
export const ROW_HEIGHT = 44;

export interface CalendarRowProps {
  unitId: string;
  unitName: string;
  bookings: CalendarBooking[] | undefined;
  start: string;
  days: string[];
  top: number;
  describeBooking: (booking: CalendarBooking) => string;
  emptyCellLabel: string;
  onOpenBooking: (id: string) => void;
  onCreate: (unitId: string, day: string) => void;
}

const GRID = { backgroundImage: 'linear-gradient(to right, rgb(231 229 228) 1px, transparent 1px)', backgroundSize: `${DAY_WIDTH}px 100%` };

/**
 * One unit's line of the timeline: its stays as bars placed with logical offsets (so they run
 * right-to-left in Arabic by themselves) over a CSS grid; a click on free space starts a booking
 * for that day. Only the bars are elements, never one element per day.
 */
export const CalendarRow = memo(function CalendarRow({ unitId, unitName, bookings, start, days, top, describeBooking, emptyCellLabel, onOpenBooking, onCreate }: CalendarRowProps) {
  const handleEmptyClick = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const index = dayAtOffset(rtl ? rect.right - event.clientX : event.clientX - rect.left, DAY_WIDTH, days.length);
    const day = index === null ? undefined : days[index];
    if (day) onCreate(unitId, day);
  };

  return (
    <div className="absolute start-0 flex border-b border-stone-100" style={{ top, height: ROW_HEIGHT }} data-testid="calendar-row" data-unit-id={unitId}>
      <div className="sticky start-0 z-10 flex shrink-0 items-center border-e border-stone-200 bg-white px-3 text-sm font-medium text-stone-900" style={{ width: NAME_WIDTH }}>
        <span className="truncate" title={unitName}>{unitName}</span>
      </div>
      <div
        className="relative cursor-cell"
        style={{ width: days.length * DAY_WIDTH, ...GRID }}
        onClick={handleEmptyClick}
        title={emptyCellLabel}
        data-testid="calendar-cells"
      >
        {bookings?.map((booking) => {
          const place = barPlacement(booking.checkIn, booking.checkOut, start, days.length);
          if (!place) return null;
          return (
            <button
              key={booking.id}
              type="button"
              className={cn(
                'absolute top-1.5 bottom-1.5 truncate rounded-md border px-1.5 text-start text-xs font-medium shadow-sm hover:brightness-95 focus-visible:outline-2 focus-visible:outline-primary-600',
                STATUS_STYLES[booking.status].bar,
                place.clippedStart && 'rounded-s-none',
                place.clippedEnd && 'rounded-e-none',
              )}
              style={{ insetInlineStart: place.offset * DAY_WIDTH + 2, width: place.span * DAY_WIDTH - 4 }}
              aria-label={describeBooking(booking)}
              title={describeBooking(booking)}
              data-testid="calendar-bar"
              data-reference={booking.reference}
              data-status={booking.status}
              onClick={(event) => {
                event.stopPropagation();
                onOpenBooking(booking.id);
              }}
            >
              {booking.guest}
            </button>
          );
        })}
      </div>
    </div>
  );
});
