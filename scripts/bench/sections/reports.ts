/**
 * Reports (issue 17) on the demo data ×10 (200 units, 50,000 stays, the money section's ~45,000
 * documents and ~35,000 payments): report_overview for a month, a year and a year with filters,
 * and unit_statement for a year, as the demo owner (RLS on). Budget: p95 ≤ 100 ms over REST on
 * PostgreSQL 15 (`npm run bench -- --postgres --only reports`).
 */
import type { BenchRow, BenchSection } from '../harness';
import { prepare, runCases, type ListCase } from '../bookings-clients-bench';
import { DEMO_ORG_ID } from '../scale-seed';
import { growInvoices } from './money-lists';

const expectKey = (key: string) => (data: unknown) => {
  if (!data || typeof data !== 'object' || !(key in (data as object)))
    throw new Error(`expected ${key} in ${JSON.stringify(data).slice(0, 200)}`);
};

/** The overview's figures must be there and count something (the bench stays fill every month). */
const expectOverview = (data: unknown) => {
  expectKey('totals')(data);
  const sold = (data as { totals: { current: { nights_sold: number } } }).totals.current.nights_sold;
  if (!(sold > 0)) throw new Error(`expected nights sold, got ${sold}`);
};

/** Array arguments of report_overview, typed for the SQL-only run. */
const CASTS = {
  unit_ids: '::uuid[]',
  unit_types: '::public.unit_type[]',
  cities: '::text[]',
  sources: '::public.booking_source[]',
};

const iso = (d: Date) => d.toISOString().slice(0, 10);

export const section: BenchSection = {
  name: 'reports',
  order: 54,
  async run(ctx) {
    const { owner, rows } = await prepare(ctx, 'reports');
    const grown = await growInvoices(ctx);
    const out: BenchRow[] = [
      ...rows,
      {
        section: 'reports',
        name: `invoices ×10 ready (${grown.invoices} documents, ${grown.payments} payments)`,
        value: grown.seconds * 1000,
        unit: 'ms',
      },
    ];
    const now = new Date();
    const monthStart = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
    const monthEnd = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
    const yearStart = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)));
    const { rows: units } = await ctx.stack.db.query<{ id: string }>(
      `select id from public.units where organization_id = $1 and description like 'Bench unit %' order by id limit 10`,
      [DEMO_ORG_ID],
    );
    const unitIds = units.map((u) => u.id);
    const cases: ListCase[] = [
      {
        name: 'report_overview this month (all units)',
        rpc: 'report_overview',
        args: { date_from: monthStart, date_to: monthEnd },
        expect: expectOverview,
      },
      {
        name: 'report_overview 12 months (all units, 12 months)',
        rpc: 'report_overview',
        args: { date_from: yearStart, date_to: monthEnd },
        expect: expectOverview,
      },
      {
        name: 'report_overview 12 months, filtered (types, cities, sources)',
        rpc: 'report_overview',
        args: {
          date_from: yearStart,
          date_to: monthEnd,
          unit_types: ['villa', 'apartment', 'studio'],
          cities: ['Riyadh', 'Jeddah', 'Abha'],
          sources: ['direct', 'airbnb'],
        },
        expect: expectOverview,
      },
      {
        name: 'report_overview this month, 10 units',
        rpc: 'report_overview',
        args: { date_from: monthStart, date_to: monthEnd, unit_ids: unitIds },
        expect: expectOverview,
      },
      {
        name: 'unit_statement 12 months',
        rpc: 'unit_statement',
        args: { unit_id: unitIds[0]!, date_from: yearStart, date_to: monthEnd },
        expect: expectKey('stays'),
      },
    ];
    out.push(
      ...(await runCases(
        ctx,
        'reports',
        owner,
        cases.map((c) => ({ ...c, casts: CASTS })),
      )),
    );
    return out;
  },
};
