/**
 * Builds a database the way `supabase db reset` does: the Supabase baseline (roles, schemas,
 * auth functions), the auth and storage schemas, `supabase/migrations/*.sql` in name order,
 * then `supabase/seed.sql`. Applied migrations are recorded in
 * `supabase_migrations.schema_migrations` (as the CLI does), so a restart applies only new ones.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './types';

export interface SqlFile {
  /** Path relative to the project root, for messages. */
  name: string;
  sql: string;
}

export interface MigrationFile extends SqlFile {
  version: string;
  label: string;
}

export interface SchemaSources {
  /** Baseline, then auth/schema.sql, then storage/schema.sql (those that exist). */
  base: SqlFile[];
  migrations: MigrationFile[];
  seed: SqlFile | null;
}

async function readIfExists(rootDir: string, rel: string): Promise<SqlFile | null> {
  try {
    return { name: rel, sql: await readFile(path.join(rootDir, rel), 'utf8') };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function sqlFilesIn(rootDir: string, rel: string): Promise<string[]> {
  try {
    const names = await readdir(path.join(rootDir, rel));
    return names.filter((n) => n.endsWith('.sql')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** The repository that holds this stack (its baseline, auth and storage schemas). */
export const STACK_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The stack's own SQL (baseline, auth, storage) always comes from this repository; the project's
 * migrations and seed from `rootDir` (the same directory, except in tests of other projects).
 */
export async function readSchemaSources(rootDir: string): Promise<SchemaSources> {
  const base: SqlFile[] = [];
  for (const n of await sqlFilesIn(STACK_ROOT, 'supabase/local/baseline')) {
    const f = await readIfExists(STACK_ROOT, `supabase/local/baseline/${n}`);
    if (f) base.push(f);
  }
  for (const rel of ['supabase/local/auth/schema.sql', 'supabase/local/storage/schema.sql']) {
    const f = await readIfExists(STACK_ROOT, rel);
    if (f) base.push(f);
  }
  const migrations: MigrationFile[] = [];
  for (const n of await sqlFilesIn(rootDir, 'supabase/migrations')) {
    const f = await readIfExists(rootDir, `supabase/migrations/${n}`);
    if (!f) continue;
    const stem = n.replace(/\.sql$/, '');
    const cut = stem.indexOf('_');
    migrations.push({ ...f, version: cut > 0 ? stem.slice(0, cut) : stem, label: cut > 0 ? stem.slice(cut + 1) : '' });
  }
  return { base, migrations, seed: await readIfExists(rootDir, 'supabase/seed.sql') };
}

/** A hash of everything that shapes a fresh database; the snapshot cache is keyed by it. */
export function schemaHash(src: SchemaSources, extra: string[]): string {
  const h = createHash('sha256');
  for (const f of [...src.base, ...src.migrations, ...(src.seed ? [src.seed] : [])])
    h.update(f.name).update('\0').update(f.sql).update('\0');
  for (const e of extra) h.update(e).update('\0');
  return h.digest('hex').slice(0, 24);
}

export function baselineHash(src: SchemaSources): string {
  const h = createHash('sha256');
  for (const f of src.base) h.update(f.name).update('\0').update(f.sql).update('\0');
  return h.digest('hex').slice(0, 24);
}

type Transactional = Sql & { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> };

function withFile<T>(file: SqlFile, run: () => Promise<T>): Promise<T> {
  return run().catch((err: unknown) => {
    const e = err as Error & { position?: string };
    throw new Error(`${file.name}: ${e.message}`, { cause: err });
  });
}

/** Is this database already set up (baseline applied)? */
export async function isInitialised(db: Sql): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>(
    "select exists (select 1 from information_schema.tables where table_schema = 'supabase_migrations' and table_name = 'local_baseline') as ok",
  );
  return r.rows[0]?.ok === true;
}

/** Applies the baseline (roles, schemas, auth, storage) to an empty database. */
export async function applyBase(db: Transactional, src: SchemaSources): Promise<void> {
  for (const f of src.base) await withFile(f, () => db.transaction((tx) => tx.exec(f.sql)));
  await db.exec(
    'create table if not exists supabase_migrations.local_baseline (hash text not null, applied_at timestamptz not null default now())',
  );
  await db.query('insert into supabase_migrations.local_baseline (hash) values ($1)', [baselineHash(src)]);
}

/** The baseline hash recorded when this database was built (null before the first build). */
export async function recordedBaselineHash(db: Sql): Promise<string | null> {
  const r = await db.query<{ hash: string }>(
    'select hash from supabase_migrations.local_baseline order by applied_at desc limit 1',
  );
  return r.rows[0]?.hash ?? null;
}

/**
 * Migrations this database applied whose file has since changed or gone (by name). Migrations
 * are append-only once shared; an old local database built while a migration was still being
 * written no longer matches the repository, and new migrations may then fail on it.
 */
export async function changedMigrations(db: Sql, src: SchemaSources): Promise<string[]> {
  const recorded = await db.query<{ version: string; name: string | null; statements: string[] | null }>(
    'select version, name, statements from supabase_migrations.schema_migrations order by version',
  );
  const files = new Map(src.migrations.map((m) => [m.version, m]));
  const changed: string[] = [];
  for (const row of recorded.rows) {
    const file = files.get(row.version);
    if (!file) changed.push(`supabase/migrations/${row.version}_${row.name ?? ''}.sql (gone)`);
    else if ((row.statements ?? []).join('') !== file.sql) changed.push(file.name);
  }
  return changed;
}

/** Applies migrations not yet recorded, each in its own transaction. Returns the ones applied. */
export async function applyMigrations(db: Transactional, src: SchemaSources): Promise<MigrationFile[]> {
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const applied: MigrationFile[] = [];
  for (const m of src.migrations) {
    if (done.has(m.version)) continue;
    await withFile(m, () =>
      db.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [m.version, m.label, [m.sql]],
        );
      }),
    );
    applied.push(m);
  }
  return applied;
}

/** Runs seed.sql once per content hash (the CLI records seeds in supabase_migrations.seed_files). */
export async function applySeed(db: Transactional, src: SchemaSources): Promise<boolean> {
  const seed = src.seed;
  if (!seed) return false;
  const hash = createHash('sha256').update(seed.sql).digest('hex');
  const seen = await db.query('select 1 from supabase_migrations.seed_files where path = $1', [seed.name]);
  if (seen.rows.length > 0) return false;
  await withFile(seed, () =>
    db.transaction(async (tx) => {
      await tx.exec(seed.sql);
      await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [seed.name, hash]);
    }),
  );
  return true;
}
