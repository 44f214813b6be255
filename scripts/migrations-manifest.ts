/**
 * `npm run db:manifest`: shipped migrations never change. supabase/migrations.sha256 lists every
 * migration with the SHA-256 of its content, one `<hash>  <file>` line each (the `sha256sum`
 * format: `cd supabase/migrations && sha256sum -c ../migrations.sha256` checks it too). This
 * script only appends the migrations not listed yet; it never rewrites a line. The unit test
 * scripts/migrations-manifest.test.ts fails when a listed file changed or disappeared, or when a
 * migration is not listed yet.
 *
 *   npm run db:manifest                 # append every new migration (before committing it)
 *   npm run db:manifest -- <file>…      # append only these (others' work in progress stays out)
 *   npm run db:manifest -- --check      # exit 1 on any difference, change nothing
 *
 * A database applies a migration once, so an edit after it shipped never reaches the databases
 * that already applied it: they silently end in another state than a fresh one. Change the
 * schema in a new migration instead.
 */
import { createHash } from 'node:crypto';
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MANIFEST_FILE = 'supabase/migrations.sha256';
export const MIGRATIONS_DIR = 'supabase/migrations';

const HEADER = [
  '# Every shipped migration and the SHA-256 of its content (LF line endings). Append-only:',
  '# `npm run db:manifest` adds new migrations; a listed file never changes (change the schema in a',
  '# new migration). scripts/migrations-manifest.test.ts checks it.',
];

export interface ManifestEntry {
  hash: string;
  file: string;
}

export interface ManifestReport {
  /** Listed files whose content no longer has the listed hash. */
  changed: Array<ManifestEntry & { actual: string }>;
  /** Listed files that are gone. */
  missing: string[];
  /** Migrations in the folder that are not listed yet. */
  unlisted: string[];
  /** Lines that are neither a comment nor `<64 hex>  <name>.sql`, and files listed twice. */
  malformed: string[];
}

/** SHA-256 of a migration; CRLF counts as LF so a Windows checkout hashes the same. */
export function hashMigration(content: string | Buffer): string {
  const text = typeof content === 'string' ? content : content.toString('utf8');
  return createHash('sha256').update(text.replace(/\r\n/g, '\n'), 'utf8').digest('hex');
}

export function parseManifest(text: string): { entries: ManifestEntry[]; malformed: string[] } {
  const entries: ManifestEntry[] = [];
  const malformed: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) continue;
    const m = /^([0-9a-f]{64}) {2}([^/\s]+\.sql)$/.exec(line);
    if (!m) {
      malformed.push(line);
      continue;
    }
    if (seen.has(m[2]!)) malformed.push(`${line} (listed twice)`);
    seen.add(m[2]!);
    entries.push({ hash: m[1]!, file: m[2]! });
  }
  return { entries, malformed };
}

async function migrationFiles(rootDir: string): Promise<string[]> {
  return (await readdir(path.join(rootDir, MIGRATIONS_DIR))).filter((n) => n.endsWith('.sql')).sort();
}

export async function checkManifest(rootDir: string): Promise<ManifestReport> {
  const text = await readFile(path.join(rootDir, MANIFEST_FILE), 'utf8').catch(() => '');
  const { entries, malformed } = parseManifest(text);
  const files = await migrationFiles(rootDir);
  const present = new Set(files);
  const listed = new Set(entries.map((e) => e.file));
  const changed: ManifestReport['changed'] = [];
  const missing: string[] = [];
  for (const e of entries) {
    if (!present.has(e.file)) {
      missing.push(e.file);
      continue;
    }
    const actual = hashMigration(await readFile(path.join(rootDir, MIGRATIONS_DIR, e.file)));
    if (actual !== e.hash) changed.push({ ...e, actual });
  }
  return { changed, missing, unlisted: files.filter((f) => !listed.has(f)), malformed };
}

/**
 * Appends the unlisted migrations (in name order; only those named in `only`, when given) and
 * returns them; existing lines stay as they are.
 */
export async function appendNewMigrations(rootDir: string, only?: string[]): Promise<string[]> {
  const target = path.join(rootDir, MANIFEST_FILE);
  const current = await readFile(target, 'utf8').catch(() => null);
  const wanted = only?.map((f) => path.basename(f));
  const unlisted = (await checkManifest(rootDir)).unlisted.filter((f) => !wanted || wanted.includes(f));
  if (unlisted.length === 0) return [];
  const lines: string[] = [];
  for (const file of unlisted) {
    lines.push(`${hashMigration(await readFile(path.join(rootDir, MIGRATIONS_DIR, file)))}  ${file}`);
  }
  if (current === null) {
    await writeFile(target, [...HEADER, ...lines, ''].join('\n'));
  } else {
    await appendFile(target, (current === '' || current.endsWith('\n') ? '' : '\n') + lines.join('\n') + '\n');
  }
  return unlisted;
}

/** What to tell a developer about a report, one line per problem (empty when all is well). */
export function describeReport(r: ManifestReport): string[] {
  return [
    ...r.changed.map(
      (c) =>
        `${MIGRATIONS_DIR}/${c.file} changed after it shipped (listed ${c.hash.slice(0, 12)}…, now ${c.actual.slice(0, 12)}…): ` +
        `restore it (git log -- ${MIGRATIONS_DIR}/${c.file}) and put the change in a new migration`,
    ),
    ...r.missing.map((f) => `${MIGRATIONS_DIR}/${f} is listed in ${MANIFEST_FILE} but gone: shipped migrations stay`),
    ...r.unlisted.map(
      (f) => `${MIGRATIONS_DIR}/${f} is not listed yet: run \`npm run db:manifest\` and commit ${MANIFEST_FILE}`,
    ),
    ...r.malformed.map((l) => `${MANIFEST_FILE}: malformed line: ${l}`),
  ];
}

async function main(): Promise<void> {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const check = process.argv.includes('--check');
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (!check) {
    const before = await checkManifest(rootDir);
    const lastListed = parseManifest(await readFile(path.join(rootDir, MANIFEST_FILE), 'utf8').catch(() => ''))
      .entries.map((e) => e.file)
      .sort()
      .at(-1);
    for (const file of await appendNewMigrations(rootDir, only.length > 0 ? only : undefined)) {
      process.stdout.write(`listed ${file}\n`);
      if (lastListed && file < lastListed) {
        process.stdout.write(
          `  warning: ${file} sorts before ${lastListed}, which is already listed; a database that applied that one ` +
            'would apply this out of order (`supabase db push` refuses it without --include-all). Prefer a later timestamp.\n',
        );
      }
    }
    if (before.unlisted.length === 0) process.stdout.write('no new migrations\n');
  }
  const report = await checkManifest(rootDir);
  // Appending named files only: other unlisted migrations are someone's work in progress.
  if (only.length > 0 && !check) report.unlisted = [];
  const problems = describeReport(report);
  for (const p of problems) process.stderr.write(`${p}\n`);
  if (problems.length > 0) process.exit(1);
  if (check) process.stdout.write(`${MANIFEST_FILE} matches ${MIGRATIONS_DIR}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
