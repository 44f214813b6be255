/**
 * Units list and dashboard overview on the demo data ×10 (200 units, 20,000 clients, 50,000
 * bookings): the queries the Units screen and the Dashboard send, through the Data API as the
 * demo owner (RLS on), plus the database's own execution time for the same SQL.
 */
import { measure, ok, type BenchRow, type BenchSection } from '../harness';
import { DEMO_ORG_ID, demoOwnerToken, seedScale } from '../scale-seed';

const LIST_COLUMNS =
  'id, name, name_ar, type, price_per_night, max_guests, bedrooms, bathrooms, area_sqm, address_city, address_region, is_active, created_at, unit_photos(storage_path, is_main)';
const PAGE = 12;

export const section: BenchSection = {
  name: 'units',
  order: 40,
  async run(ctx) {
    const rows: BenchRow[] = [];
    const seeded = await seedScale(ctx.stack);
    rows.push({
      section: 'units',
      name: `seed demo ×10 (${seeded.units} units, ${seeded.clients} clients, ${seeded.bookings} bookings)`,
      value: seeded.seconds * 1000,
      unit: 'ms',
    });
    await ctx.stack.reloadSchema();
    const owner = ctx.client({ accessToken: await demoOwnerToken(ctx.stack) });
    const n = ctx.iterations;

    const list = (build: (q: ReturnType<typeof base>) => ReturnType<typeof base>, page = 1) => {
      const from = (page - 1) * PAGE;
      return async () => {
        const result = ok(
          await build(base())
            .order('created_at', { ascending: false })
            .order('id')
            .range(from, from + PAGE - 1),
        );
        if (!result.data || result.data.length === 0) throw new Error('bench list returned no rows');
      };
    };
    function base() {
      return owner
        .from('units')
        .select(LIST_COLUMNS, { count: 'exact' })
        .eq('organization_id', DEMO_ORG_ID)
        .eq('unit_photos.is_main', true);
    }

    const cases: [string, () => Promise<void>][] = [
      ['units list, page 1 (count exact)', list((q) => q)],
      ['units list, page 10', list((q) => q, 10)],
      [
        'units list, search "riyadh" (name/name_ar/city)',
        list((q) => q.or('name.ilike.*riyadh*,name_ar.ilike.*riyadh*,address_city.ilike.*riyadh*')),
      ],
      [
        'units list, search Arabic "فيلا"',
        list((q) => q.or('name.ilike.*فيلا*,name_ar.ilike.*فيلا*,address_city.ilike.*فيلا*')),
      ],
      ['units list, type villa + active', list((q) => q.eq('type', 'villa').eq('is_active', true))],
      ['units list, inactive', list((q) => q.eq('is_active', false))],
    ];
    for (const [name, fn] of cases) rows.push({ section: 'units', name, ...(await measure(fn, n)) });

    const overview = await measure(async () => {
      const { data } = ok(await owner.rpc('dashboard_overview'));
      if (!data) throw new Error('no overview');
    }, n);
    rows.push({ section: 'units', name: 'dashboard_overview() (one call for the whole overview)', ...overview });

    // The database's own time for the overview, without HTTP and PostgREST.
    await ctx.stack.db
      .exec(`create or replace function public.bench_overview_as_owner() returns jsonb language plpgsql as $$
      begin
        perform set_config('request.jwt.claims', '{"sub":"10000000-0000-4000-8000-000000000001","role":"authenticated"}', true);
        return public.dashboard_overview();
      end $$;`);
    const sql = await measure(() => ctx.stack.db.query('select public.bench_overview_as_owner()'), Math.min(n, 50));
    rows.push({ section: 'units', name: 'dashboard_overview() in SQL only (db.query)', ...sql });
    await ctx.stack.db.exec('drop function public.bench_overview_as_owner()');

    const calendar = await measure(async () => {
      ok(
        await owner
          .from('bookings')
          .select('id, booking_reference, check_in, check_out, status, guests_count, clients(name)')
          .eq('unit_id', '50000000-0000-4000-8000-000000000001')
          .lt('check_in', '2026-12-01')
          .gt('check_out', '2026-11-01')
          .order('check_in'),
      );
    }, n);
    rows.push({ section: 'units', name: 'unit calendar month (bookings of one unit)', ...calendar });
    return rows;
  },
};
