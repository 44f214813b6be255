/**
 * `npm run bench [-- --iterations 200] [--json] [--only stack,lists]`: starts one in-memory
 * local stack and runs every section in scripts/bench/sections/ against it.
 */
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
  const files = (await readdir(dir)).filter((f) => /\.(ts|mjs|js)$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.d.ts')).sort();
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

async function main() {
  const iterations = Number(arg('--iterations') ?? 100);
  const only = arg('--only')?.split(',');
  const json = process.argv.includes('--json');
  const sections = (await loadSections()).filter((s) => !only || only.includes(s.name));

  const t0 = performance.now();
  const stack = await createTestStack();
  const firstStart = performance.now() - t0;
  const ctx: BenchContext = { stack, client: (as) => stack.client(as), iterations };
  const rows: BenchRow[] = [
    { section: 'stack', name: 'first start in this process (startStack incl. module load; builds the snapshot if its cache is cold)', value: firstStart, unit: 'ms' },
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
    console.log(JSON.stringify({ iterations, database: stack.db.kind, rows }, null, 2));
    return;
  }
  console.log(`Bench (${iterations} iterations, database: ${stack.db.kind})\n`);
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
