/**
 * Background work of the local stack (docs/local-stack.md, "Background jobs"), what a hosted project
 * gets from pg_cron, pg_net and Vault: the cron runner, the net worker, and the Vault secrets of
 * `[db.vault]` in supabase/config.toml (upserted at start, like the CLI's `supabase start`).
 */
import type { Database, StackKeys } from '../types';
import { createCronRunner, type CronRunner } from './cron-runner';
import { createNetWorker, type NetWorker } from './net-worker';

export type { CronRun } from './cron-runner';
export type { NetResponse } from './net-worker';

export interface BackgroundJobs {
  cron: CronRunner;
  net: NetWorker;
  /** Names of the Vault secrets written from `[db.vault]` at start. */
  vaultSecrets: string[];
  stop(): Promise<void>;
}

export interface BackgroundJobsOptions {
  db: Database;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TOML is untyped (StackConfig)
  config: Record<string, any>;
  apiUrl: string;
  keys: StackKeys;
  /** Run due cron jobs on the clock (default true; tests tick by hand). */
  cron?: boolean;
  /** Send queued pg_net requests as they are committed (default true). */
  net?: boolean;
  log?: (line: string) => void;
}

/**
 * What `env(NAME)` in config.toml may name besides the process environment: the running stack's
 * own URL and keys (what its edge functions get as SUPABASE_*), so `[db.vault] project_url =
 * "env(SUPABASE_URL)"` points the database at this stack whatever port it got.
 */
export function stackEnvironment(apiUrl: string, keys: StackKeys): Record<string, string> {
  return {
    SUPABASE_URL: apiUrl,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
    SUPABASE_SECRET_KEY: keys.secretKey,
  };
}

/** `env(NAME)` → its value (stack first, then the process environment); other strings as written. */
export function resolveConfigValue(value: unknown, env: Record<string, string | undefined>): string | null {
  if (typeof value !== 'string') return null;
  const ref = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
  if (!ref) return value;
  return env[ref[1]!] ?? process.env[ref[1]!] ?? null;
}

/** Creates or updates each named secret through Vault's own functions. */
export async function syncVaultSecrets(db: Database, secrets: Record<string, string>): Promise<string[]> {
  const written: string[] = [];
  for (const [name, value] of Object.entries(secrets)) {
    const existing = await db.query<{ id: string }>('select id from vault.secrets where name = $1', [name]);
    if (existing.rows[0]) await db.query('select vault.update_secret($1, $2)', [existing.rows[0].id, value]);
    else await db.query('select vault.create_secret($1, $2)', [value, name]);
    written.push(name);
  }
  return written;
}

export async function startBackgroundJobs(opts: BackgroundJobsOptions): Promise<BackgroundJobs> {
  const log = opts.log ?? (() => {});
  const env = stackEnvironment(opts.apiUrl, opts.keys);
  const wanted: Record<string, string> = {};
  const vault = (opts.config.db?.vault ?? {}) as Record<string, unknown>;
  for (const [name, raw] of Object.entries(vault)) {
    const value = resolveConfigValue(raw, env);
    if (value === null) log(`warning: [db.vault] ${name}: ${String(raw)} is not set; the secret is left as it is.`);
    else wanted[name] = value;
  }
  const vaultSecrets = await syncVaultSecrets(opts.db, wanted);

  const cron = createCronRunner({ db: opts.db, log });
  const net = createNetWorker({ db: opts.db, log });
  if (opts.cron !== false) cron.start();
  if (opts.net !== false) net.start();
  return {
    cron,
    net,
    vaultSecrets,
    async stop() {
      await cron.stop();
      await net.stop();
    },
  };
}
