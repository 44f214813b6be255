/**
 * `npm run stack [-- start|status|stop] [-o json|env]` and `npm run db:reset`, shaped like the
 * Supabase CLI's `supabase start|status|stop|db reset`.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config';
import { openStackDatabase } from './database';
import { DEFAULT_DATA_DIR, ROOT_DIR, startStack } from './index';
import { loadOrCreateKeys } from './keys';
import { loadOutbox } from './services';
import { createStorageService } from './storage/index';
import { seedBucketObjects } from './storage/seed-objects';
import { formatStatus, readState, removeState, statusVariables, writeState } from './state';

const USAGE = `Usage:
  npm run stack                      start the local stack (applies new migrations, seeds a new database)
  npm run stack -- status [-o json|env]   print the API URL and keys
  npm run stack -- stop              stop the running stack
  npm run db:reset                   rebuild the database from migrations + seed.sql
Environment: SUPABASE_DB_URL=postgres://… runs on a real PostgreSQL server instead of PGlite.`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function start(): Promise<void> {
  const running = readState(DEFAULT_DATA_DIR);
  if (running) {
    console.error(
      `The local stack is already running (pid ${running.pid}) at ${running.apiUrl}. Stop it with: npm run stack -- stop`,
    );
    process.exitCode = 1;
    return;
  }
  const began = Date.now();
  const stack = await startStack({ dataDir: DEFAULT_DATA_DIR, watchMigrations: true });
  for (const m of stack.applied) console.log(`Applied migration ${m}`);
  if (stack.seeded) console.log('Seeded the database from supabase/seed.sql');
  await writeState(DEFAULT_DATA_DIR, {
    pid: process.pid,
    apiUrl: stack.apiUrl,
    dbUrl: stack.dbUrl,
    startedAt: new Date().toISOString(),
    keys: stack.keys,
  });
  console.log(`Started the local Supabase stack in ${((Date.now() - began) / 1000).toFixed(1)} s.\n`);
  console.log(
    formatStatus(
      statusVariables({ apiUrl: stack.apiUrl, dbUrl: stack.dbUrl, keys: stack.keys }),
      `${stack.apiUrl}/_local/outbox`,
    ),
  );
  console.log('\nPress Ctrl-C to stop.');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local stack…');
    await stack.stop();
    await removeState(DEFAULT_DATA_DIR);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

async function status(args: string[]): Promise<void> {
  const running = readState(DEFAULT_DATA_DIR);
  let vars: Record<string, string>;
  if (running) {
    vars = statusVariables(running);
  } else {
    // Not running: the values it will have (keys are fixed per data folder).
    const config = loadConfig(ROOT_DIR);
    const keys = await loadOrCreateKeys(DEFAULT_DATA_DIR);
    const dbUrl = process.env.SUPABASE_DB_URL || `postgresql://postgres:postgres@127.0.0.1:${config.db.port}/postgres`;
    vars = statusVariables({ apiUrl: `http://127.0.0.1:${config.api.port}`, dbUrl, keys });
    console.error(
      'The local stack is not running (start it with `npm run stack` or `npm start`); these are the values it will use.',
    );
  }
  const output = option(args, '-o') ?? option(args, '--output');
  if (output === 'json') console.log(JSON.stringify(vars, null, 2));
  else if (output === 'env')
    console.log(
      Object.entries(vars)
        .map(([k, v]) => `${k}="${v}"`)
        .join('\n'),
    );
  else console.log(formatStatus(vars, `${vars.API_URL}/_local/outbox`));
}

async function stop(): Promise<void> {
  const running = readState(DEFAULT_DATA_DIR);
  if (!running) {
    console.log('The local stack is not running.');
    return;
  }
  process.kill(running.pid, 'SIGTERM');
  for (let i = 0; i < 100 && readState(DEFAULT_DATA_DIR); i++) await new Promise((r) => setTimeout(r, 100));
  if (readState(DEFAULT_DATA_DIR)) {
    console.error(`The stack (pid ${running.pid}) did not stop within 10 s.`);
    process.exitCode = 1;
  } else console.log('Stopped the local stack.');
}

async function reset(): Promise<void> {
  const running = readState(DEFAULT_DATA_DIR);
  if (running) {
    console.error(`The local stack is running (pid ${running.pid}); stop it first: npm run stack -- stop`);
    process.exitCode = 1;
    return;
  }
  const dbUrl = process.env.SUPABASE_DB_URL || undefined;
  if (dbUrl) {
    const { openPostgres } = await import('./db/postgres-database');
    const db = await openPostgres(dbUrl, { max: 1 });
    // What `supabase db reset` recreates: everything the baseline and migrations own.
    await db.exec(`
      drop schema if exists public, auth, storage, extensions, graphql_public, supabase_migrations cascade;
      create schema public;
      grant usage on schema public to public;
      grant create on schema public to postgres;
    `);
    await db.close();
  } else {
    await rm(path.join(DEFAULT_DATA_DIR, 'db'), { recursive: true, force: true });
  }
  // The objects' bytes went with their rows (storage.objects is in the database).
  await rm(path.join(DEFAULT_DATA_DIR, 'storage'), { recursive: true, force: true });
  const opened = await openStackDatabase({
    rootDir: ROOT_DIR,
    dataDir: DEFAULT_DATA_DIR,
    dbUrl,
    seed: true,
    log: console.log,
  });
  try {
    for (const m of opened.applied) console.log(`Applied migration ${m}`);
    if (opened.seeded) {
      console.log('Seeded the database from supabase/seed.sql');
      // Then the buckets' objects_path folders, through the storage service (no gateway needed).
      const config = loadConfig(ROOT_DIR);
      const keys = await loadOrCreateKeys(DEFAULT_DATA_DIR);
      const storage = createStorageService({
        db: opened.db,
        keys,
        config,
        dataDir: DEFAULT_DATA_DIR,
        apiUrl: `http://127.0.0.1:${config.api.port}`,
        outbox: await loadOutbox(),
        rootDir: ROOT_DIR,
        dbUrl: opened.dbUrl,
      });
      const buckets = await seedBucketObjects(storage, { config, rootDir: ROOT_DIR, serviceKey: keys.serviceRoleKey });
      for (const b of buckets) console.log(`Seeded ${b.objects} objects into the ${b.bucket} bucket from ${b.from}`);
    }
  } finally {
    await opened.dispose();
  }
  console.log('Finished db reset.');
}

async function main(argv: string[]): Promise<void> {
  const [cmd = 'start', sub] = argv.filter((a) => !a.startsWith('-') && argv[argv.indexOf(a) - 1] !== '-o');
  if (cmd === 'start') return start();
  if (cmd === 'status') return status(argv);
  if (cmd === 'stop') return stop();
  if (cmd === 'db' && sub === 'reset') return reset();
  if (cmd === 'help' || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  console.error(USAGE);
  process.exitCode = 1;
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
