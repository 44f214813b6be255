/**
 * Bookings screen on the demo data ×10 (200 units, 50,000 bookings): list_bookings with the
 * screen's filters, searches and sorts, the calendar range (1 and 3 months), and the form's quote.
 */
import type { BenchSection } from '../harness';
import { expectPage, prepare, runCases, type ListCase } from '../bookings-clients-bench';

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}
const monthStart = `${day(0).slice(0, 7)}-01`;
function plusMonths(months: number): string {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}
function expectCalendar(min: number) {
  return (data: unknown) => {
    if (!Array.isArray(data) || data.length < min)
      throw new Error(`calendar returned ${Array.isArray(data) ? data.length : 'no'} stays`);
  };
}

export const section: BenchSection = {
  name: 'bookings',
  order: 51,
  async run(ctx) {
    const { owner, rows } = await prepare(ctx, 'bookings');
    const { data: unit } = await owner.from('units').select('id').eq('is_active', true).order('name').limit(1).single();
    const cases: ListCase[] = [
      { name: 'bookings page 1 (all, by check-in desc)', rpc: 'list_bookings', args: {}, expect: expectPage(50_000) },
      {
        name: 'bookings page 800 (offset 19,975)',
        rpc: 'list_bookings',
        args: { page_offset: 19_975 },
        expect: expectPage(50_000),
      },
      { name: 'bookings active', rpc: 'list_bookings', args: { scope: 'active' }, expect: expectPage(1) },
      {
        name: 'bookings completed + source airbnb',
        rpc: 'list_bookings',
        args: { scope: 'completed', sources: ['airbnb'] },
        expect: expectPage(1),
      },
      {
        name: 'bookings status confirmed + next 30 days',
        rpc: 'list_bookings',
        args: { statuses: ['confirmed'], date_from: day(0), date_to: day(30) },
        expect: expectPage(1),
      },
      {
        name: 'bookings search reference "BN-100"',
        rpc: 'list_bookings',
        args: { search: 'BN-100' },
        expect: expectPage(1),
      },
      {
        name: 'bookings search guest "bench guest 777"',
        rpc: 'list_bookings',
        args: { search: 'bench guest 777' },
        expect: () => undefined,
      },
      {
        name: 'bookings search unit "فيلا الرياض"',
        rpc: 'list_bookings',
        args: { search: 'فيلا الرياض' },
        expect: expectPage(1),
      },
      {
        name: 'bookings search two letters "bn" (no trigram: filtered scan)',
        rpc: 'list_bookings',
        args: { search: 'bn' },
        expect: expectPage(1),
      },
      {
        name: 'bookings search broad "bench" (every guest)',
        rpc: 'list_bookings',
        args: { search: 'bench' },
        expect: expectPage(40_000),
      },
      {
        name: 'bookings sorted by guest name',
        rpc: 'list_bookings',
        args: { sort: 'guest', ascending: true },
        expect: expectPage(50_000),
      },
      {
        name: 'bookings sorted by guest name, descending',
        rpc: 'list_bookings',
        args: { sort: 'guest', ascending: false },
        expect: expectPage(50_000),
      },
      {
        name: 'bookings sorted by unit',
        rpc: 'list_bookings',
        args: { sort: 'unit', ascending: true },
        expect: expectPage(50_000),
      },
      {
        name: 'calendar 1 month (all units)',
        rpc: 'calendar_bookings',
        args: { from_date: monthStart, to_date: plusMonths(1) },
        expect: expectCalendar(1_000),
      },
      {
        name: 'calendar 3 months (all units)',
        rpc: 'calendar_bookings',
        args: { from_date: monthStart, to_date: plusMonths(3) },
        expect: expectCalendar(3_000),
      },
      {
        name: 'booking_quote (form preview)',
        rpc: 'booking_quote',
        args: { unit_id: unit?.id, check_in: day(400), check_out: day(403) },
        expect: () => undefined,
      },
    ];
    return [...rows, ...(await runCases(ctx, 'bookings', owner, cases))];
  },
};
