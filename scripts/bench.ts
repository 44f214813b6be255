/**
 * `npm run bench [-- --iterations 200] [--json] [--only stack,units,clients,bookings] [--postgres]`:
 * starts one local stack and runs every section in scripts/bench/sections/ against it.
 *
 * The database is the embedded PGlite by default. On a real PostgreSQL server (what hosted
 * Supabase runs): `--postgres` starts a throwaway PostgreSQL 15 cluster with
 * scripts/pg-test-cluster.sh for the run, or set SUPABASE_DB_URL to use a server of your own.
 * The first line of the output names the database and its server version.
 *
 * `npm run bench -- --web [--runs 3] [--json] [--no-lighthouse] [--only /,/ar] [--reports dir] [--http1]`: the public
 * pages in Chromium instead, Lighthouse and the first-visit figures against their budgets (scripts/bench/web.ts,
 * docs/performance.md).
 */
import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchContext, BenchRow, BenchSection } from './bench/harness';
import { createTestStack } from '../supabase/tests/helpers/test-stack';

const here = path.dirname(fileURLToPath(import.meta.url));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function loadSections(): Promise<BenchSection[]> {
  const dir = path.join(here, 'bench', 'sections');
  const files = (await readdir(dir))
    .filter((f) => /\.(ts|mjs|js)$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort();
  const sections: BenchSection[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { section?: BenchSection };
    if (mod.section) sections.push(mod.section);
  }
  return sections.sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
}

function fmt(n: number | undefined, digits = 2): string {
  return n === undefined || Number.isNaN(n) ? '' : n.toFixed(digits);
}

/** `--postgres` without SUPABASE_DB_URL: a throwaway PostgreSQL 15 cluster for this run (URL, or null). */
function startCluster(): string | null {
  if (!process.argv.includes('--postgres') || process.env.SUPABASE_DB_URL) return null;
  const url = execFileSync('bash', [path.join(here, 'pg-test-cluster.sh'), 'start'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  process.env.SUPABASE_DB_URL = url;
  return url;
}

function stopCluster(url: string | null): void {
  if (url) execFileSync('bash', [path.join(here, 'pg-test-cluster.sh'), 'stop', url], { stdio: 'ignore' });
}

/** "pglite (PostgreSQL 17.5, embedded)" or "postgres (PostgreSQL 15.14 at 127.0.0.1:5432)": what the numbers were measured on. */
async function describeDatabase(stack: Awaited<ReturnType<typeof createTestStack>>): Promise<string> {
  const { rows } = await stack.db.query<{ version: string }>("select current_setting('server_version') as version");
  const version = `PostgreSQL ${rows[0]?.version ?? '?'}`;
  if (stack.db.kind === 'pglite') return `pglite (${version}, embedded in Node)`;
  const url = new URL(process.env.SUPABASE_DB_URL ?? 'postgres://unknown');
  return `postgres (${version} at ${url.host})`;
}

async function main() {
  if (process.argv.includes('--web')) {
    const { runWebBench } = await import('./bench/web');
    await runWebBench({
      json: process.argv.includes('--json'),
      runs: Number(arg('--runs') ?? 1),
      lighthouse: !process.argv.includes('--no-lighthouse'),
      only: arg('--only')?.split(','),
      reports: arg('--reports'),
      http2: !process.argv.includes('--http1'),
    });
    return;
  }
  const iterations = Number(arg('--iterations') ?? 100);
  const only = arg('--only')?.split(',');
  const json = process.argv.includes('--json');
  const sections = (await loadSections()).filter((s) => !only || only.includes(s.name));
  const cluster = startCluster();
  try {
    await run(iterations, sections, json);
  } finally {
    stopCluster(cluster);
  }
}

async function run(iterations: number, sections: BenchSection[], json: boolean) {
  const t0 = performance.now();
  const stack = await createTestStack();
  const firstStart = performance.now() - t0;
  const database = await describeDatabase(stack);
  const ctx: BenchContext = { stack, client: (as) => stack.client(as), iterations };
  const rows: BenchRow[] = [
    {
      section: 'stack',
      name: 'first start in this process (startStack incl. module load; builds the snapshot if its cache is cold)',
      value: firstStart,
      unit: 'ms',
    },
  ];
  try {
    for (const s of sections) {
      try {
        rows.push(...(await s.run(ctx)));
      } catch (err) {
        rows.push({ section: s.name, name: '(section failed)', note: (err as Error).message });
      }
    }
  } finally {
    await stack.stop();
  }

  if (json) {
    console.log(JSON.stringify({ iterations, database: stack.db.kind, server: database, rows }, null, 2));
    return;
  }
  console.log(`Bench (${iterations} iterations, database: ${database})\n`);
  const table = rows.map((r) => ({
    section: r.section,
    measurement: r.name,
    p50: fmt(r.p50),
    p95: fmt(r.p95),
    value: r.value === undefined ? '' : `${fmt(r.value, r.unit === 'x' ? 1 : 0)} ${r.unit ?? ''}`.trim(),
    note: r.note ?? '',
  }));
  const cols = ['section', 'measurement', 'p50', 'p95', 'value', 'note'] as const;
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...table.map((t) => t[c].length))]));
  console.log(cols.map((c) => c.padEnd(width[c] as number)).join('  '));
  for (const t of table) console.log(cols.map((c) => t[c].padEnd(width[c] as number)).join('  '));
  console.log('\np50/p95 in ms.');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
