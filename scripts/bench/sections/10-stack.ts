/**
 * The local stack itself: cold start, Data API round trips against the same SQL run directly
 * on the database, and a password sign-in through the auth service.
 */
import { randomUUID } from 'node:crypto';
import { createTestStack } from '../../../supabase/tests/helpers/test-stack';
import { measure, ok, type BenchRow, type BenchSection } from '../harness';

const FIXTURE = `
create table public.bench_clients (id bigint primary key, name text not null);
create table public.bench_bookings (
  id bigint primary key,
  client_id bigint not null references public.bench_clients (id),
  starts_on date not null,
  nights int not null,
  total numeric not null
);
create index on public.bench_bookings (client_id);
insert into public.bench_clients select g, 'Client ' || g from generate_series(1, 200) g;
insert into public.bench_bookings select g, 1 + (g % 200), date '2026-01-01' + (g % 300), 1 + (g % 7), 100 + g from generate_series(1, 2000) g;
grant select on public.bench_clients, public.bench_bookings to anon, authenticated;
`;

// What the two REST calls below ask for, written by hand as plain SQL.
const SIMPLE_SQL = 'select id, name from public.bench_clients where id = $1';
const EMBED_SQL = `
select b.id, b.starts_on, b.nights, b.total, json_build_object('name', c.name) as client
from public.bench_bookings b join public.bench_clients c on c.id = b.client_id
order by b.starts_on desc, b.id limit 25`;

export const section: BenchSection = {
  name: 'stack',
  order: 10,
  async run(ctx) {
    const rows: BenchRow[] = [];
    const n = ctx.iterations;

    // Cold start: a second, independent stack (snapshot cache warm, as in every test file after the first).
    const t0 = performance.now();
    const extra = await createTestStack();
    rows.push({
      section: 'stack',
      name: 'cold start (startStack, in-memory from cached snapshot)',
      value: performance.now() - t0,
      unit: 'ms',
    });
    const { timings } = extra.stack;
    rows.push({ section: 'stack', name: '  of which: database clone', value: timings.database, unit: 'ms' });
    rows.push({
      section: 'stack',
      name: '  of which: PostgREST ready (parallel with services)',
      value: timings.postgrest,
      unit: 'ms',
    });
    rows.push({ section: 'stack', name: '  of which: services loaded', value: timings.services, unit: 'ms' });
    await extra.stop();

    const { stack } = ctx;
    await stack.db.exec(FIXTURE);
    await stack.reloadSchema();
    const anon = ctx.client();

    let id = 0;
    const restSimple = await measure(
      async () =>
        ok(
          await anon
            .from('bench_clients')
            .select('id, name')
            .eq('id', (id++ % 200) + 1),
        ),
      n,
    );
    const sqlSimple = await measure(() => stack.db.query(SIMPLE_SQL, [(id++ % 200) + 1]), n);
    rows.push({ section: 'stack', name: 'REST simple select (by id)', ...restSimple });
    rows.push({ section: 'stack', name: 'SQL simple select (db.query)', ...sqlSimple });
    rows.push({
      section: 'stack',
      name: 'ratio REST/SQL simple (p50)',
      value: restSimple.p50 / sqlSimple.p50,
      unit: 'x',
    });

    const restEmbed = await measure(
      async () =>
        ok(
          await anon
            .from('bench_bookings')
            .select('id, starts_on, nights, total, client:bench_clients(name)')
            .order('starts_on', { ascending: false })
            .order('id')
            .limit(25),
        ),
      n,
    );
    const sqlEmbed = await measure(() => stack.db.query(EMBED_SQL), n);
    rows.push({ section: 'stack', name: 'REST embedded select (25 rows + to-one)', ...restEmbed });
    rows.push({ section: 'stack', name: 'SQL embedded select (db.query)', ...sqlEmbed });
    rows.push({
      section: 'stack',
      name: 'ratio REST/SQL embedded (p50)',
      value: restEmbed.p50 / sqlEmbed.p50,
      unit: 'x',
    });

    // Password sign-in: only once the auth service is mounted.
    const admin = ctx.client('service_role');
    const email = `bench-${randomUUID()}@example.com`;
    const password = 'bench-password-123';
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) {
      rows.push({ section: 'stack', name: 'password sign-in', note: `skipped: ${created.error.message}` });
    } else {
      // GoTrue's default limit is 30 sign-ins per 5 minutes per IP ([auth.rate_limit]); stay under it.
      const signInRuns = Math.min(25, Math.max(5, Math.floor(n / 4)));
      try {
        const signIn = await measure(
          async () => {
            const c = ctx.client();
            ok(await c.auth.signInWithPassword({ email, password }));
          },
          signInRuns,
          2,
        );
        rows.push({ section: 'stack', name: `password sign-in (supabase-js, ${signInRuns} runs)`, ...signIn });
      } catch (err) {
        rows.push({ section: 'stack', name: 'password sign-in', note: `failed: ${(err as Error).message}` });
      }
    }
    return rows;
  },
};
