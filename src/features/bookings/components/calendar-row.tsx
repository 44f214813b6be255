import { Hourglass } from 'lucide-react';
import { memo, useMemo } from 'react';
import { cn } from '@/lib/cn';
import type { CalendarBooking } from '../api/get-calendar-bookings';
import { REQUEST_BAR_STYLE, STATUS_STYLES } from '../lib/booking-status';
import { rowCells } from '../lib/calendar-grid';
import type { barPlacement } from '../lib/calendar-math';

export const DAY_WIDTH = 40;
export const NAME_WIDTH = 176;
export const ROW_HEIGHT = 44;
export const HEADER_HEIGHT = 48;

/** A stay with its place in the window; a public request waiting for an answer is marked. */
export type PlacedStay = NonNullable<ReturnType<typeof barPlacement>> & {
  booking: CalendarBooking;
  isRequest?: boolean;
};

export interface CalendarRowProps {
  rowIndex: number;
  unitId: string;
  unitName: string;
  stays: PlacedStay[];
  /** Days in the window. */
  length: number;
  top: number;
  /** The active day column when this row holds the grid's tab stop. */
  activeCol: number | undefined;
  cellLabel: (unitName: string, col: number, booking?: CalendarBooking) => string;
  describeBooking: (booking: CalendarBooking) => string;
  emptyCellLabel: string;
}

const GRID = {
  backgroundImage: 'linear-gradient(to right, rgb(231 229 228) 1px, transparent 1px)',
  backgroundSize: `${DAY_WIDTH}px 100%`,
};
// Focus ring inside the cell (neighbours would hide an outer one); scroll margins keep a focused
// cell clear of the sticky day header (h-12 = 48 px) and unit column (44 × 4 = 176 px).
// Plain strings, not cn(): a row mounts up to 90 cells while scrolling.
const CELL =
  'relative h-full shrink-0 scroll-mt-12 scroll-ms-44 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600';
const FREE_CELL = `${CELL} w-10 hover:bg-primary-50 focus-visible:bg-primary-50`;
const STAY_CELL = `${CELL} cursor-pointer`;

/**
 * One unit's line of the timeline: a gridcell per free day and one per stay, the stay's bar
 * spanning its nights. Clicks and keys are handled once, on the grid (booking-calendar.tsx).
 */
export const CalendarRow = memo(function CalendarRow({
  rowIndex,
  unitId,
  unitName,
  stays,
  length,
  top,
  activeCol,
  cellLabel,
  describeBooking,
  emptyCellLabel,
}: CalendarRowProps) {
  const cells = useMemo(() => rowCells(stays, length), [stays, length]);
  const isActive = (col: number, span: number) => activeCol !== undefined && activeCol >= col && activeCol < col + span;

  return (
    <div
      role="row"
      aria-rowindex={rowIndex + 2}
      className="absolute start-0 flex border-b border-stone-100"
      style={{ top, height: ROW_HEIGHT }}
      data-testid="calendar-row"
      data-unit-id={unitId}
      data-row={rowIndex}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        className="sticky start-0 z-10 flex shrink-0 items-center border-e border-stone-200 bg-white px-3 text-sm font-medium text-stone-900"
        style={{ width: NAME_WIDTH }}
      >
        <span className="truncate" title={unitName}>
          {unitName}
        </span>
      </div>
      <div
        className="relative flex cursor-cell"
        style={{ width: length * DAY_WIDTH, ...GRID }}
        title={emptyCellLabel}
        data-testid="calendar-cells"
      >
        {cells.map((cell) =>
          cell.kind === 'free' ? (
            <div
              key={`day-${cell.col}`}
              role="gridcell"
              aria-colindex={cell.col + 2}
              aria-label={cellLabel(unitName, cell.col)}
              tabIndex={isActive(cell.col, 1) ? 0 : -1}
              className={FREE_CELL}
              data-col={cell.col}
            />
          ) : (
            <div
              key={cell.stay.booking.id}
              role="gridcell"
              aria-colindex={cell.col + 2}
              aria-colspan={cell.span}
              aria-label={cellLabel(unitName, cell.col, cell.stay.booking)}
              tabIndex={isActive(cell.col, cell.span) ? 0 : -1}
              className={STAY_CELL}
              style={{ width: cell.span * DAY_WIDTH }}
              data-col={cell.col}
            >
              <div
                className={cn(
                  'absolute inset-x-0.5 inset-y-1.5 flex items-center rounded-md border px-1.5 text-xs font-medium shadow-sm hover:brightness-95',
                  STATUS_STYLES[cell.stay.booking.status].bar,
                  cell.stay.isRequest && REQUEST_BAR_STYLE,
                  cell.stay.clippedStart && 'rounded-s-none',
                  cell.stay.clippedEnd && 'rounded-e-none',
                )}
                title={describeBooking(cell.stay.booking)}
                data-testid="calendar-bar"
                data-reference={cell.stay.booking.reference}
                data-status={cell.stay.booking.status}
                data-request={cell.stay.isRequest ? 'true' : undefined}
              >
                {cell.stay.isRequest ? <Hourglass aria-hidden="true" className="me-1 size-3 shrink-0" /> : null}
                <span className="truncate">{cell.stay.booking.guest}</span>
              </div>
            </div>
          ),
        )}
      </div>
    </div>
  );
});
