/**
 * Reads `supabase/config.toml` (the Supabase CLI's format) and fills in the CLI's defaults for
 * the sections the core stack uses. Services read their own sections (`auth`, `storage`,
 * `functions`) from the same object and validate them themselves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TOML is untyped; see ServiceDeps.config
export type StackConfig = Record<string, any> & {
  project_id: string;
  api: { enabled: boolean; port: number; schemas: string[]; extra_search_path: string[]; max_rows: number };
  db: { port: number; major_version: number; seed: { enabled: boolean; sql_paths: string[] } };
};

/** The CLI's defaults for the sections the core owns (`apps/cli-go/pkg/config/templates/config.toml`). */
const DEFAULTS = {
  project_id: 'local',
  api: {
    enabled: true,
    port: 54321,
    schemas: ['public', 'graphql_public'],
    extra_search_path: ['public', 'extensions'],
    max_rows: 1000,
  },
  db: { port: 54322, major_version: 15, seed: { enabled: true, sql_paths: ['./seed.sql'] } },
  studio: { enabled: false },
};

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isPlainObject(b) && isPlainObject(v) ? merge(b, v) : v;
  }
  return out;
}

export function parseConfig(text: string, source = 'config.toml'): StackConfig {
  let parsed: Record<string, unknown>;
  try {
    parsed = parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`${source}: ${(err as Error).message}`, { cause: err });
  }
  const config = merge(DEFAULTS, parsed) as StackConfig;
  const { api } = config;
  if (
    !Array.isArray(api.schemas) ||
    api.schemas.some((s) => typeof s !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(s))
  ) {
    throw new Error(`${source}: [api] schemas must be a list of schema names`);
  }
  if (!Number.isInteger(api.max_rows) || api.max_rows < 1)
    throw new Error(`${source}: [api] max_rows must be a positive integer`);
  if (!Number.isInteger(api.port) || api.port < 0 || api.port > 65535)
    throw new Error(`${source}: [api] port must be a port number`);
  return config;
}

/** Loads `<rootDir>/supabase/config.toml`; a missing file means all defaults. */
export function loadConfig(rootDir: string): StackConfig {
  const file = path.join(rootDir, 'supabase', 'config.toml');
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return parseConfig(text, file);
}
