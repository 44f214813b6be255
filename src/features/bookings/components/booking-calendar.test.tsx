import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import type { BookingUnit } from '../api/get-booking-units';
import type { CalendarBooking } from '../api/get-calendar-bookings';
import { windowDays } from '../lib/calendar-math';
import { BookingCalendar } from './booking-calendar';

const unit = (id: string, name: string, nameAr: string): BookingUnit => ({
  id,
  name,
  name_ar: nameAr,
  max_guests: 4,
  is_active: true,
  price_per_night: 500,
});
const units = [unit('u-a', 'Alpha', 'ألفا'), unit('u-b', 'Beta', 'بيتا'), unit('u-c', 'Gamma', 'غاما')];
// Beta is booked for the nights of 3–5 December.
const stay: CalendarBooking = {
  id: 'b-1',
  unitId: 'u-b',
  checkIn: '2026-12-03',
  checkOut: '2026-12-06',
  status: 'confirmed',
  reference: 'BK-7KQ2MX',
  guest: 'Sara Ali',
};
const days = windowDays('2026-12-01', 31);

function renderCalendar() {
  const props = { onOpenBooking: vi.fn(), onCreate: vi.fn(), onShowDay: vi.fn() };
  render(
    <>
      <button type="button">before</button>
      <BookingCalendar
        units={units}
        bookingsByUnit={new Map([['u-b', [stay]]])}
        start="2026-12-01"
        days={days}
        today="2026-11-22"
        {...props}
      />
      <button type="button">after</button>
    </>,
  );
  return props;
}

const focusedCell = () => document.activeElement as HTMLElement;

beforeAll(() => {
  // jsdom does no layout: give the scroll box a size (the virtualiser renders the rows that fit)
  // and a scrollIntoView (the grid brings the focused cell into view).
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('BookingCalendar by keyboard', { timeout: 20_000 }, () => {
  it('is one tab stop; arrows move by day and unit, over a stay at once; Enter books a free day or opens the stay', async () => {
    const user = userEvent.setup();
    const props = renderCalendar();
    const grid = screen.getByRole('grid', { name: 'Booking calendar' });
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((cell) => cell.tabIndex === 0),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(focusedCell()).toHaveAttribute('aria-label', `Alpha, ${formatDate('2026-12-01', 'en', 'long')}, free`);

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(focusedCell()).toHaveAttribute(
      'aria-label',
      `Beta, BK-7KQ2MX: Sara Ali, ${formatDate('2026-12-03', 'en')} – ${formatDate('2026-12-06', 'en')}, Confirmed`,
    );
    expect(focusedCell()).toHaveAttribute('aria-colspan', '3');
    await user.keyboard('{Enter}');
    expect(props.onOpenBooking).toHaveBeenCalledWith('b-1');

    await user.keyboard('{ArrowRight}');
    expect(focusedCell()).toHaveAttribute('aria-label', `Beta, ${formatDate('2026-12-06', 'en', 'long')}, free`);
    await user.keyboard(' ');
    expect(props.onCreate).toHaveBeenCalledWith('u-b', '2026-12-06');

    // Up keeps the column: the 6th of Alpha; End and Ctrl+Home jump to the edges.
    await user.keyboard('{ArrowUp}');
    expect(focusedCell()).toHaveAttribute('aria-label', `Alpha, ${formatDate('2026-12-06', 'en', 'long')}, free`);
    await user.keyboard('{End}');
    expect(focusedCell()).toHaveAttribute('aria-label', `Alpha, ${formatDate('2026-12-31', 'en', 'long')}, free`);
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(focusedCell()).toHaveAttribute('aria-label', `Alpha, ${formatDate('2026-12-01', 'en', 'long')}, free`);

    // Tab leaves the grid; Shift+Tab comes back to the same cell.
    await user.tab();
    expect(focusedCell()).toHaveTextContent('after');
    await user.tab({ shift: true });
    expect(focusedCell()).toHaveAttribute('data-col', '0');
  });

  it('in Arabic, ArrowLeft is the next day and the names are Arabic; Page Down past the window asks for the next month', async () => {
    await i18n.changeLanguage('ar');
    const user = userEvent.setup();
    const props = renderCalendar();
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    const date = formatDate('2026-12-02', 'ar', 'long');
    expect(date).toMatch(/ديسمبر/);
    expect(focusedCell()).toHaveAttribute('aria-label', `ألفا، ${date}، متاح`);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(focusedCell()).toHaveAttribute('data-col', '0');
    await user.keyboard('{PageDown}');
    expect(props.onShowDay).toHaveBeenCalledWith('2027-01-01');
  });

  it('keeps the active unit rendered when the virtualised rows around it are not', async () => {
    const many = Array.from({ length: 200 }, (_, index) =>
      unit(`u-${index}`, `Unit ${String(index).padStart(3, '0')}`, `وحدة ${index}`),
    );
    const user = userEvent.setup();
    render(
      <BookingCalendar
        units={many}
        bookingsByUnit={undefined}
        start="2026-12-01"
        days={days}
        today="2026-11-22"
        onOpenBooking={vi.fn()}
        onCreate={vi.fn()}
        onShowDay={vi.fn()}
      />,
    );
    // Plain selectors: role queries over thousands of cells are slow in jsdom.
    const rendered = () => document.querySelectorAll('[data-testid="calendar-row"]').length;
    expect(rendered()).toBeLessThan(40);
    await user.click(document.querySelector('[data-row="0"] [data-col="0"]') as HTMLElement);
    // Ctrl+End: the last unit's last day. The scroll box stays at the top here (no layout in
    // jsdom), so only the kept-alive active row can hold it.
    await user.keyboard('{Control>}{End}{/Control}');
    expect(focusedCell()).toHaveAttribute('aria-label', `Unit 199, ${formatDate('2026-12-31', 'en', 'long')}, free`);
    expect(focusedCell().closest('[role="row"]')).toHaveAttribute('aria-rowindex', '201');
    expect(rendered()).toBeLessThan(40);
  });

  it('a click on a free day books it and makes it the active cell', async () => {
    const user = userEvent.setup();
    const props = renderCalendar();
    const cell = screen.getByRole('gridcell', { name: `Gamma, ${formatDate('2026-12-10', 'en', 'long')}, free` });
    await user.click(cell);
    expect(props.onCreate).toHaveBeenCalledWith('u-c', '2026-12-10');
    expect(cell.tabIndex).toBe(0);
  });
});
