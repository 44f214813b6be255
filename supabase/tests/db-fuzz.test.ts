/**
 * No input makes the Data API answer 5xx. A refusal is a 4xx with a stable code; a 5xx means a
 * real fault (issue 10, item 7: "not found" raised as P0002 reached clients as HTTP 500, 176 of
 * 5,516 fuzzed inputs).
 *
 * Deterministic: a seeded PRNG picks the cases, so a failure names a case that can be replayed
 * (FUZZ_SEED=<n> to explore other seeds). It calls
 *   - every function in `public` that anon or authenticated may execute (read from the catalog,
 *     so new functions are fuzzed without editing this file), through supabase-js `rpc`, as a
 *     visitor (anon) and as the owner of another organisation than the seeded data's, with
 *     edge-case arguments: nulls, empty, huge, NUL-byte, right-to-left and emoji strings,
 *     negative / huge / fractional numbers, invalid and far uuids and dates, arrays and objects
 *     where scalars go, booleans as strings, missing and unknown arguments;
 *   - the REST table endpoints with malformed filters, selects, orders, ranges and bodies.
 * Storage is not fuzzed here (a NUL byte in a storage path is the local storage server's,
 * tested with it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, anon, day, service, typed, unitId, type Db } from './fixtures/db-accounts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES_PER_FUNCTION_AND_CALLER = 30;

let stack: TestStack;
let visitor: Db;
let outsider: Db;
let outsiderToken = '';
/** Real ids of organisation 1 (the outsider's target), so cases also hit existing rows. */
let realIds: string[] = [];

interface FunctionInfo {
  name: string;
  args: Array<{ name: string; type: string }>;
  required: number;
  anon: boolean;
}
let functions: FunctionInfo[] = [];
let tables: Array<{ name: string; columns: Array<{ name: string; type: string }> }> = [];

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  visitor = anon(stack);
  // The owner of organisation 2, signed in by phone; the token also goes on raw REST requests.
  const auth = stack.client('anon').auth;
  await auth.signInWithOtp({ phone: DEMO.owner2.phone });
  const { data } = await auth.verifyOtp({ phone: DEMO.owner2.phone, token: '123456', type: 'sms' });
  outsiderToken = data.session!.access_token;
  outsider = typed(stack.client({ accessToken: outsiderToken }));
  const svc = service(stack);
  const pick = async (table: 'bookings' | 'invoices' | 'clients' | 'tasks' | 'roles' | 'invitations') =>
    ((await svc.from(table).select('id').eq('organization_id', ORG1).limit(2)).data ?? []).map((r) => r.id);
  realIds = [
    unitId(1),
    unitId(13),
    ...(await pick('bookings')),
    ...(await pick('invoices')),
    ...(await pick('clients')),
    ...(await pick('tasks')),
    ...(await pick('roles')),
  ];

  const { rows } = await stack.db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[];
    defaults: number;
    anon: boolean;
  }>(`
    select p.proname as name, p.proargnames[1:p.pronargs] as arg_names,
           array(select format_type(t, null) from unnest(p.proargtypes::oid[]) t) as arg_types,
           p.pronargdefaults::int as defaults, has_function_privilege('anon', p.oid, 'execute') as anon
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind = 'f'
      and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
      and p.prorettype <> 'trigger'::regtype
    order by 1`);
  functions = rows.map((r) => ({
    name: r.name,
    args: r.arg_types.map((type, i) => ({ name: r.arg_names?.[i] ?? `arg${i}`, type })),
    required: r.arg_types.length - r.defaults,
    anon: r.anon,
  }));

  const cols = await stack.db.query<{ table_name: string; column_name: string; data_type: string }>(`
    select c.table_name, c.column_name, c.data_type from information_schema.columns c
    where c.table_schema = 'public'
      and exists (select 1 from information_schema.role_table_grants g
                  where g.table_schema = 'public' and g.table_name = c.table_name
                    and g.grantee in ('anon', 'authenticated'))
    order by c.table_name, c.ordinal_position`);
  const byTable = new Map<string, Array<{ name: string; type: string }>>();
  for (const c of cols.rows) {
    const list = byTable.get(c.table_name) ?? [];
    list.push({ name: c.column_name, type: c.data_type });
    byTable.set(c.table_name, list);
  }
  tables = [...byTable].map(([name, columns]) => ({ name, columns }));
});
afterAll(() => stack?.stop());

/** mulberry32: small, fast, and the same sequence everywhere for a seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pickOf = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick: pickOf, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

const HUGE = 'x'.repeat(200_000);
const WEIRD_STRINGS = [
  '',
  ' ',
  'a',
  'demo',
  'DEMO',
  'second',
  'null',
  'undefined',
  'NaN',
  '\u0000',
  'a\u0000b',
  'نُزُل',
  '‏مرحبا‎',
  '😀👨‍👩‍👧',
  '\uD800',
  "'; drop table bookings; --",
  '%',
  '_',
  '\\',
  '(',
  '[a-',
  '*',
  'a'.repeat(300),
  HUGE,
  '0',
  '-1',
  '1e309',
  '2026-02-30',
  '0000-01-01',
  '294277-01-01',
  'infinity',
  '-infinity',
  'epoch',
  '12:00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '{}',
  '[]',
  '+966500000001',
  'BK-AAAAAA',
  'INV-000001',
];
const WEIRD_NUMBERS = [0, -1, 1, 2, 7, 99, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308, 0.5, -0.0001, 1e-320];
const WEIRD_OTHER: unknown[] = [null, true, false, [], [1, 2], ['a'], {}, { a: 1 }, [[[[[]]]]], [null]];

function valueFor(type: string, rng: Rng): unknown {
  // Mostly well-formed values of the type (so cases get past parsing), often not.
  if (rng.chance(0.35)) return rng.pick([...WEIRD_STRINGS, ...WEIRD_NUMBERS, ...WEIRD_OTHER]);
  const base = type.replace(/\[\]$/, '');
  const one = (): unknown => {
    switch (base) {
      case 'uuid':
        return rng.pick([...realIds, crypto.randomUUID(), '00000000-0000-0000-0000-000000000000', 'x']);
      case 'date':
        return rng.pick([day(rng.pick([-400, -1, 0, 1, 30, 200, 366, 800, 100_000])), '1970-01-01', 'infinity']);
      case 'timestamp with time zone':
        return rng.pick([new Date().toISOString(), '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z', 'infinity']);
      case 'integer':
      case 'smallint':
      case 'bigint':
      case 'numeric':
        return rng.pick(WEIRD_NUMBERS);
      case 'boolean':
        return rng.pick([true, false, 'true', 'yes', 1]);
      case 'text':
        return rng.pick(WEIRD_STRINGS);
      case 'jsonb':
      case 'json':
        return rng.pick(WEIRD_OTHER);
      default:
        // Enums: a valid label sometimes, else something else.
        return rng.pick([
          'pending',
          'confirmed',
          'cancelled',
          'direct',
          'cash',
          'en',
          'ar',
          'basic',
          'SA',
          'SAR',
          'Asia/Riyadh',
          'BOGUS',
          '',
        ]);
    }
  };
  if (type.endsWith('[]')) return rng.chance(0.2) ? one() : Array.from({ length: rng.pick([0, 1, 3, 60]) }, one);
  return one();
}

function argumentsFor(fn: FunctionInfo, rng: Rng): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  fn.args.forEach((arg, index) => {
    // Missing arguments: optional ones often, required ones sometimes.
    if (rng.chance(index < fn.required ? 0.08 : 0.4)) return;
    args[arg.name] = valueFor(arg.type, rng);
  });
  if (rng.chance(0.05)) args[rng.pick(['unknown', 'organization_id', 'role'])] = 'x';
  return args;
}

interface Failure {
  what: string;
  status: number;
  code?: string;
  message?: string;
}

/** Runs `jobs` a few at a time (PostgREST and the database overlap a little). */
async function inBatches<T>(jobs: Array<() => Promise<T>>, width = 4): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < jobs.length; i += width)
    results.push(...(await Promise.all(jobs.slice(i, i + width).map((j) => j()))));
  return results;
}

const describeArgs = (args: unknown) =>
  JSON.stringify(args, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 40 ? `${v.slice(0, 20)}…(${v.length})` : v,
  );

// About 30 s alone on PGlite; the whole db suite runs files side by side on few cores, so allow more.
describe('fuzz: no input gets a 5xx', { timeout: 240_000 }, () => {
  it('every public function, as a visitor and as the owner of another organisation', async () => {
    const rng = prng(SEED);
    expect(functions.length).toBeGreaterThan(20);
    const jobs: Array<() => Promise<Failure | null>> = [];
    for (const fn of functions) {
      for (const [who, client] of [
        ['anon', visitor],
        ['owner2', outsider],
      ] as const) {
        for (let n = 0; n < CASES_PER_FUNCTION_AND_CALLER; n++) {
          const args = argumentsFor(fn, rng);
          jobs.push(async () => {
            const { status, error } = await client.rpc(fn.name as never, args as never);
            return status >= 500
              ? { what: `${who} ${fn.name}(${describeArgs(args)})`, status, code: error?.code, message: error?.message }
              : null;
          });
        }
      }
    }
    const failures = (await inBatches(jobs)).filter((f): f is Failure => f !== null);
    expect(jobs.length).toBeGreaterThan(1500);
    expect(failures).toEqual([]);
  });

  it('every table endpoint with malformed filters, selects, orders and bodies', async () => {
    const rng = prng(SEED + 1);
    const { apiUrl, anonKey } = stack;
    const filters = [
      'eq.not-a-uuid',
      'eq.\u0000',
      'gt.notadate',
      'in.(a,b',
      'in.()',
      `in.(${Array.from({ length: 500 }, () => crypto.randomUUID()).join(',')})`,
      'like.%\u0000%',
      'ilike.*',
      'fts.(',
      'cs.{a,b',
      'cd.[1,2]',
      'ov.(1,2)',
      'sl.(1,2)',
      'is.maybe',
      'neq.' + 'x'.repeat(10_000),
      'match.[a-',
      'imatch.(?',
      'eq.infinity',
      'eq.1e309',
    ];
    const selects = [
      '*',
      'nope',
      'id,nope(*)',
      '*,units(*)',
      'id::int',
      'count()',
      '*,,',
      '"',
      'id->>a',
      '*'.repeat(50),
    ];
    const orders = ['id.desc', 'nope.asc', 'id.sideways', 'id;drop', '', 'id.desc.nullsmiddle'];
    const jobs: Array<() => Promise<Failure | null>> = [];
    for (const table of tables) {
      for (const [who, token] of [
        ['anon', anonKey],
        ['owner2', outsiderToken],
      ] as const) {
        for (let n = 0; n < 12; n++) {
          const column = rng.pick(table.columns).name;
          const query = new URLSearchParams();
          query.set('select', rng.pick(selects));
          query.set(rng.chance(0.1) ? 'nope' : column, rng.pick(filters));
          if (rng.chance(0.5)) query.set('order', rng.pick(orders));
          if (rng.chance(0.3)) query.set('limit', rng.pick(['-1', 'abc', '1e10', '0']));
          if (rng.chance(0.3)) query.set('offset', rng.pick(['-5', 'x', '99999999999']));
          if (rng.chance(0.2)) query.set('or', rng.pick(['(a.eq.1', '(id.eq.1,id.eq.2)', '()', 'and(']));
          const method = rng.pick(['GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT']);
          const row: Record<string, unknown> = {};
          for (const c of table.columns) if (rng.chance(0.4)) row[c.name] = valueFor(c.type, rng);
          const body = rng.pick<unknown>([
            row,
            [row, row],
            [row, { other: 1 }],
            '{"broken": ',
            '',
            'null',
            '[]',
            `{"${column}": "\\u0000"}`,
            JSON.stringify({ [column]: HUGE }),
            JSON.stringify([[[[[[row]]]]]]),
          ]);
          const headers: Record<string, string> = {
            apikey: anonKey,
            authorization: `Bearer ${token}`,
            'content-type': rng.pick(['application/json', 'text/csv', 'application/x-www-form-urlencoded', 'nope']),
          };
          if (rng.chance(0.3))
            headers.prefer = rng.pick([
              'return=representation',
              'count=exact',
              'resolution=merge-duplicates',
              'tx=rollback',
              'missing=default',
            ]);
          if (rng.chance(0.2)) headers.range = rng.pick(['0-9', '10-0', 'a-b', '-1-5']);
          if (rng.chance(0.1))
            headers.accept = rng.pick([
              'text/csv',
              'application/vnd.pgrst.object+json',
              'application/geo+json',
              'nope/nope',
            ]);
          const url = `${apiUrl}/rest/v1/${table.name}?${query.toString()}`;
          jobs.push(async () => {
            const response = await fetch(url, {
              method,
              headers,
              body:
                method === 'GET' || method === 'HEAD'
                  ? undefined
                  : typeof body === 'string'
                    ? body
                    : JSON.stringify(body),
            });
            const text = method === 'HEAD' ? '' : await response.text();
            if (response.status < 500) return null;
            const parsed = (() => {
              try {
                return JSON.parse(text) as { code?: string; message?: string };
              } catch {
                return { message: text.slice(0, 200) };
              }
            })();
            return { what: `${who} ${method} ${url.slice(apiUrl.length, 200)}`, status: response.status, ...parsed };
          });
        }
      }
    }
    const failures = (await inBatches(jobs)).filter((f): f is Failure => f !== null);
    expect(jobs.length).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  });
});
