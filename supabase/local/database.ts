/**
 * Opens the stack's database: PGlite (persistent data folder, or in-memory cloned from a cached
 * migrated snapshot) or a real PostgreSQL server (SUPABASE_DB_URL; tests clone a template
 * database). Brings the schema up to date on the way.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { openPglite, PGLITE_EXTENSIONS, type PgliteDatabase } from './db/pglite-database';
import { openPostgres, type PostgresDatabase } from './db/postgres-database';
import {
  applyBase,
  applyMigrations,
  changedMigrations,
  applySeed,
  baselineHash,
  isInitialised,
  readSchemaSources,
  recordedBaselineHash,
  schemaHash,
  STACK_ROOT,
  type SchemaSources,
} from './migrate';

export type StackDatabase = PgliteDatabase | PostgresDatabase;

export interface OpenedDatabase {
  db: StackDatabase;
  /** What PostgREST connects to (authenticator on the socket server or the real server). */
  postgrestUri(socketPort?: number): string;
  /** Where a developer can connect with psql (real Postgres only). */
  dbUrl?: string;
  /** Migrations applied during this open (names), for the CLI to print. */
  applied: string[];
  seeded: boolean;
  warnings: string[];
  /** Closes the database and drops per-stack resources (the cloned test database). */
  dispose(): Promise<void>;
}

export interface OpenOptions {
  rootDir: string;
  /** Folder for the PGlite data directory; null = in-memory clone of the migrated snapshot. */
  dataDir: string | null;
  dbUrl?: string;
  seed: boolean;
  log: (line: string) => void;
}

export const SUPABASE_SEARCH_PATH = 'set search_path to "$user", public, extensions';

// PGlite ignores the startup user and password; PostgREST still logs in "as authenticator".
const AUTHENTICATOR_PASSWORD = 'authenticator-local-password';

/** PGlite's version (its package.json is not exported, so find it next to the entry point). */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (path.basename(dir) !== 'pglite' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Snapshots are keyed by content hash, so one cache (next to the stack's node_modules) serves every project root. */
function cacheDir(): string {
  return path.join(STACK_ROOT, 'node_modules', '.cache', 'nuzl-stack');
}

async function build(
  db: StackDatabase,
  src: SchemaSources,
  seed: boolean,
): Promise<{ applied: string[]; seeded: boolean }> {
  await applyBase(db, src);
  // The baseline gives the postgres role Supabase's search_path (with `extensions`); sessions
  // opened before that (this one) get it here, so migrations and seed see the same as later.
  await db.exec(SUPABASE_SEARCH_PATH);
  const applied = (await applyMigrations(db, src)).map((m) => m.name);
  const seeded = seed ? await applySeed(db, src) : false;
  return { applied, seeded };
}

async function openPgliteSnapshot(opts: OpenOptions, src: SchemaSources): Promise<OpenedDatabase> {
  const hash = schemaHash(src, [pgliteVersion(), `seed=${opts.seed}`, Object.keys(PGLITE_EXTENSIONS).join(',')]);
  // Uncompressed: loading skips a gunzip of ~45 MB, which is most of a clone's cost.
  const file = path.join(cacheDir(), `pglite-${hash}.tar`);
  let db: PgliteDatabase;
  let applied: string[] = [];
  let seeded = false;
  let bytes: Buffer | null = await readFile(file).catch(() => null);
  // Cold cache with parallel test workers: one builds, the others wait for its snapshot.
  let lock: { release(): Promise<void> } | null = null;
  if (!bytes) {
    lock = await buildLock(`${file}.lock`);
    if (!lock) bytes = await waitForFile(file, 180_000);
    // Someone may have finished between our read and our lock.
    else bytes = await readFile(file).catch(() => null);
  }
  try {
    if (bytes) {
      db = await openPglite({ loadDataDir: new Blob([new Uint8Array(bytes)]) });
    } else {
      db = await openPglite({});
      ({ applied, seeded } = await build(db, src, opts.seed));
      const dump = Buffer.from(await (await db.dump()).arrayBuffer());
      await mkdir(path.dirname(file), { recursive: true });
      // Write-then-rename: a reader never sees a half-written snapshot.
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(tmp, dump);
      await rename(tmp, file);
      await pruneSnapshots(path.dirname(file), file);
    }
  } finally {
    await lock?.release();
  }
  return pgliteOpened(db, applied, seeded, []);
}

/**
 * Takes `<file>.lock` (exclusive create). Returns null when another process holds a fresh
 * lock; a lock older than 3 minutes is treated as abandoned (a crashed builder) and taken over.
 */
async function buildLock(lockFile: string): Promise<{ release(): Promise<void> } | null> {
  await mkdir(path.dirname(lockFile), { recursive: true });
  const release = async () => {
    await rm(lockFile, { force: true });
  };
  try {
    await writeFile(lockFile, String(process.pid), { flag: 'wx' });
    return { release };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const age = Date.now() - ((await stat(lockFile).catch(() => null))?.mtimeMs ?? 0);
    if (age > 180_000) {
      await writeFile(lockFile, String(process.pid));
      return { release };
    }
    return null;
  }
}

/** Polls for a snapshot another process is building; null if it does not appear in time. */
async function waitForFile(file: string, timeoutMs: number): Promise<Buffer | null> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    const bytes = await readFile(file).catch(() => null);
    if (bytes) return bytes;
    // The builder gave up (its lock is gone) without a snapshot: build here instead.
    if (!(await stat(`${file}.lock`).catch(() => null))) return null;
  }
  return null;
}

/** Keeps the newest few snapshots (each schema change makes a new one). */
async function pruneSnapshots(dir: string, keep: string): Promise<void> {
  const KEEP = 3;
  const entries = await readdir(dir).catch(() => [] as string[]);
  const snaps = await Promise.all(
    entries
      .filter((n) => n.startsWith('pglite-') && (n.endsWith('.tar') || n.endsWith('.tar.gz')))
      .map(async (n) => ({
        file: path.join(dir, n),
        mtime: (await stat(path.join(dir, n)).catch(() => null))?.mtimeMs ?? 0,
      })),
  );
  snaps.sort((a, b) => b.mtime - a.mtime);
  for (const s of snaps.slice(KEEP)) if (s.file !== keep) await rm(s.file, { force: true });
}

function pgliteOpened(db: PgliteDatabase, applied: string[], seeded: boolean, warnings: string[]): OpenedDatabase {
  return {
    db,
    postgrestUri: (port) =>
      `postgres://authenticator:${AUTHENTICATOR_PASSWORD}@127.0.0.1:${port}/postgres?sslmode=disable`,
    applied,
    seeded,
    warnings,
    dispose: () => db.close(),
  };
}

async function bringUpToDate(db: StackDatabase, src: SchemaSources, seed: boolean) {
  const warnings: string[] = [];
  let applied: string[] = [];
  let seeded = false;
  if (!(await isInitialised(db))) {
    ({ applied, seeded } = await build(db, src, seed));
  } else {
    if ((await recordedBaselineHash(db)) !== baselineHash(src)) {
      warnings.push(
        'The local baseline (supabase/local/baseline, auth/schema.sql, storage/schema.sql) changed since this database was built; run `npm run db:reset` to rebuild it.',
      );
    }
    const changed = await changedMigrations(db, src);
    const rebuildHint =
      `${changed.length === 1 ? 'This migration' : 'These migrations'} changed after this local database applied ` +
      `${changed.length === 1 ? 'it' : 'them'}: ${changed.slice(0, 5).join(', ')}` +
      `${changed.length > 5 ? ` and ${changed.length - 5} more` : ''}. Run \`npm run db:reset\` to rebuild the local database ` +
      'from the migrations and the seed (it replaces the local data).';
    try {
      applied = (await applyMigrations(db, src)).map((m) => m.name);
    } catch (err) {
      // The likely cause of a failure on an old database is that it no longer matches the repository.
      if (changed.length > 0) throw new Error(`${(err as Error).message}\n${rebuildHint}`, { cause: err });
      throw err;
    }
    if (changed.length > 0) warnings.push(rebuildHint);
  }
  return { applied, seeded, warnings };
}

function withCredentials(url: string, user: string, password: string, database?: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  if (database) u.pathname = `/${database}`;
  return u.toString();
}

async function openPostgresStack(opts: OpenOptions & { dbUrl: string }, src: SchemaSources): Promise<OpenedDatabase> {
  let url = opts.dbUrl;
  let dispose = async () => {};
  let applied: string[] = [];
  let seeded = false;
  let warnings: string[] = [];
  if (opts.dataDir === null) {
    // Tests: one migrated template per schema hash, one throwaway clone per stack.
    const hash = schemaHash(src, ['postgres', `seed=${opts.seed}`]);
    const template = `nuzl_tpl_${hash}`;
    const admin = new pg.Client({ connectionString: opts.dbUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
      const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rows.length === 0) {
        await admin.query(`create database "${template}_building"`).catch(async () => {
          await admin.query(`drop database if exists "${template}_building"`);
          await admin.query(`create database "${template}_building"`);
        });
        const tdb = await openPostgres(databaseUrl(opts.dbUrl, `${template}_building`));
        try {
          ({ applied, seeded } = await build(tdb, src, opts.seed));
        } finally {
          await tdb.close();
        }
        await admin.query(`alter database "${template}_building" rename to "${template}"`);
      }
      const name = `nuzl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database "${name}" template "${template}"`);
      url = databaseUrl(opts.dbUrl, name);
      dispose = async () => {
        const c = new pg.Client({ connectionString: opts.dbUrl });
        await c.connect();
        try {
          await c.query(`drop database if exists "${name}" with (force)`);
        } finally {
          await c.end();
        }
      };
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]).catch(() => undefined);
      await admin.end();
    }
  }
  const db = await openPostgres(url);
  if (opts.dataDir !== null) ({ applied, seeded, warnings } = await bringUpToDate(db, src, opts.seed));
  // PostgREST logs in as authenticator, like on Supabase.
  await db.exec(`alter role authenticator with login password '${AUTHENTICATOR_PASSWORD}'`);
  return {
    db,
    postgrestUri: () => withCredentials(url, 'authenticator', AUTHENTICATOR_PASSWORD),
    dbUrl: url,
    applied,
    seeded,
    warnings,
    dispose: async () => {
      await db.close();
      await dispose();
    },
  };
}

function databaseUrl(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function openStackDatabase(opts: OpenOptions): Promise<OpenedDatabase> {
  const src = await readSchemaSources(opts.rootDir);
  if (opts.dbUrl) return openPostgresStack({ ...opts, dbUrl: opts.dbUrl }, src);
  if (opts.dataDir === null) return openPgliteSnapshot(opts, src);
  const dir = path.join(opts.dataDir, 'db');
  await mkdir(dir, { recursive: true });
  const db = await openPglite({ dataDir: dir });
  const { applied, seeded, warnings } = await bringUpToDate(db, src, opts.seed);
  return pgliteOpened(db, applied, seeded, warnings);
}
