/**
 * Shared by the clients and bookings bench sections: the list RPCs as the demo owner through the
 * Data API (what the browser waits for), and the same call inside the database only (its own
 * server time, RLS on: role authenticated with the owner's claims).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { BenchContext, BenchRow } from './harness';
import { measure, ok } from './harness';
import { DEMO_OWNER_ID, demoOwnerToken, seedScale } from './scale-seed';

export interface ListCase {
  name: string;
  rpc: string;
  args: Record<string, unknown>;
  /** Checks the answer so a bench never times an empty or failed query. */
  expect: (data: unknown) => void;
  /** SQL casts of array arguments in the SQL-only run (default: booking statuses and sources). */
  casts?: Record<string, string>;
}

export async function prepare(
  ctx: BenchContext,
  section: string,
): Promise<{ owner: SupabaseClient; rows: BenchRow[] }> {
  const seeded = await seedScale(ctx.stack);
  await ctx.stack.reloadSchema();
  const rows: BenchRow[] = [
    {
      section,
      name: `demo ×10 ready (${seeded.units} units, ${seeded.clients} clients, ${seeded.bookings} bookings)`,
      value: seeded.seconds * 1000,
      unit: 'ms',
    },
  ];
  const owner = ctx.client({ accessToken: await demoOwnerToken(ctx.stack) });
  // The seed holds the database for a minute; the gateway's idle keep-alive connections may be
  // closed meanwhile, and the first request can meet a reset socket. Warm up until one succeeds.
  for (let attempt = 1; ; attempt += 1) {
    const { error } = await owner.rpc('search_clients', { page_limit: 1 });
    if (!error) break;
    if (attempt === 10) throw new Error(`the Data API does not answer after seeding: ${JSON.stringify(error)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { owner, rows };
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `array[${value.map(sqlLiteral).join(',')}]`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

// The database's own time for a call, RLS on: the owner's claims and role authenticated, set
// for this statement's transaction only, inside one statement (an error cannot leave a
// transaction open on the shared database session).
const AS_OWNER = `create or replace function public.bench_call_as_owner(call text) returns jsonb language plpgsql set search_path = '' as $$
  declare result jsonb;
  begin
    perform set_config('request.jwt.claims', '{"sub":"${DEMO_OWNER_ID}","role":"authenticated"}', true);
    perform set_config('role', 'authenticated', true);
    execute 'select to_jsonb(' || call || ')' into result;
    return result;
  end $$;`;

/** Runs every case over REST and in SQL; p50/p95 per case. */
export async function runCases(
  ctx: BenchContext,
  section: string,
  owner: SupabaseClient,
  cases: ListCase[],
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  await ctx.stack.db.exec(AS_OWNER);
  try {
    for (const item of cases) {
      // One failing case is reported on its own line; the others still run.
      try {
        // The previous case's SQL-only runs leave the client's keep-alive sockets idle for
        // seconds; the gateway may close them meanwhile and the first request then meets a reset
        // socket (ECONNRESET). One unmeasured request lets it open a fresh connection.
        await owner.rpc(item.rpc, item.args);
        const rest = await measure(async () => {
          const { data } = ok(await owner.rpc(item.rpc, item.args));
          item.expect(data);
        }, ctx.iterations);
        rows.push({ section, name: `${item.name} (REST)`, ...rest });
      } catch (error) {
        rows.push({ section, name: `${item.name} (REST)`, note: `failed: ${(error as Error).message.slice(0, 160)}` });
      }

      const typedArgs = Object.entries(item.args)
        .map(([key, value]) => {
          const cast = Array.isArray(value)
            ? item.casts?.[key] !== undefined
              ? item.casts[key]
              : key === 'statuses'
                ? '::public.booking_status[]'
                : '::public.booking_source[]'
            : '';
          return `${key} => ${sqlLiteral(value)}${cast}`;
        })
        .join(', ');
      const call = `public.${item.rpc}(${typedArgs})`;
      try {
        const server = await measure(
          async () => {
            const result = await ctx.stack.db.query<{ data: unknown }>(
              'select public.bench_call_as_owner($1) as data',
              [call],
            );
            item.expect(result.rows[0]?.data);
          },
          Math.min(ctx.iterations, 50),
        );
        rows.push({ section, name: `${item.name} (SQL only)`, ...server });
      } catch (error) {
        rows.push({
          section,
          name: `${item.name} (SQL only)`,
          note: `failed: ${(error as Error).message.slice(0, 160)}`,
        });
      }
    }
  } finally {
    await ctx.stack.db.exec('drop function if exists public.bench_call_as_owner(text)');
  }
  return rows;
}

export function expectPage(min: number) {
  return (data: unknown) => {
    const page = data as { total: number; rows: unknown[] };
    if (!page || page.total < min || page.rows.length === 0)
      throw new Error(`expected at least ${min} rows, got ${JSON.stringify(page).slice(0, 200)}`);
  };
}
