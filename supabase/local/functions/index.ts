/**
 * `/functions/v1/<name>`: edge functions from supabase/functions/<name>/index.ts in real Deno,
 * the way `supabase functions serve` runs them (docs/local-storage-functions.md): per-function `verify_jwt`
 * (default true), the SUPABASE_* environment plus supabase/functions/.env, one warm Deno
 * process per function that restarts when its files change, responses streamed back as is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JwtError, verifyJwt } from '../keys';
import type { Service, ServiceDeps } from '../types';
import { resolveDenoBinary } from './deno-binary';
import { parseDotenv } from './dotenv';
import { sourceSignature } from './signature';
import { BootError, DenoWorker } from './worker';

/** Extra folder of functions (tests keep fixtures out of supabase/functions, which deploys). */
export const EXTRA_FUNCTIONS_DIR_ENV = 'NUZL_FUNCTIONS_EXTRA_DIR';

/** How long a replaced worker (its files changed) keeps serving requests already in flight. */
const RETIRE_GRACE_MS = 5_000;

interface FunctionConfig {
  enabled?: boolean;
  verify_jwt?: boolean;
  entrypoint?: string;
  import_map?: string;
}

interface ResolvedFunction {
  name: string;
  dir: string;
  entrypoint: string;
  importMap?: string;
  verifyJwt: boolean;
  /** Files whose change restarts the worker. */
  watch: string[];
}

interface RunningWorker {
  worker: DenoWorker;
  signature: string;
}

export interface FunctionsService extends Service {
  /** Cold-start times of the workers started so far (for measurements and `stack status`). */
  bootTimes(): Record<string, number | null>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function createFunctionsService(deps: ServiceDeps): FunctionsService {
  const supabaseDir = path.join(deps.rootDir, 'supabase');
  const functionsDir = path.join(supabaseDir, 'functions');
  const denoDir = path.join(deps.dataDir ?? path.join(supabaseDir, '.local'), 'deno');
  const workers = new Map<string, RunningWorker>();
  const retired = new Set<DenoWorker>();
  const quiet = process.env.NUZL_QUIET === '1';
  let denoBinary: string | null = null;

  const extraDirs = (): string[] => {
    const fromConfig = deps.config.__functionsDir as string | string[] | undefined;
    const fromEnv = process.env[EXTRA_FUNCTIONS_DIR_ENV];
    return [
      ...(Array.isArray(fromConfig) ? fromConfig : fromConfig ? [fromConfig] : []),
      ...(fromEnv ? [fromEnv] : []),
    ];
  };

  function resolveFunction(name: string): ResolvedFunction | null {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) return null;
    const config = ((deps.config.functions ?? {}) as Record<string, FunctionConfig>)[name] ?? {};
    if (config.enabled === false) return null;
    for (const root of [functionsDir, ...extraDirs()]) {
      const dir = path.join(root, name);
      // [functions.<name>] entrypoint / import_map are relative to supabase/, as in the CLI.
      const entrypoint = config.entrypoint
        ? path.resolve(supabaseDir, config.entrypoint)
        : firstExisting(dir, ['index.ts', 'index.js', 'index.tsx', 'index.mjs']);
      if (!entrypoint || !existsSync(entrypoint)) continue;
      const importMap = config.import_map
        ? path.resolve(supabaseDir, config.import_map)
        : firstExisting(dir, ['deno.json', 'deno.jsonc', 'import_map.json']);
      const shared = path.join(root, '_shared');
      return {
        name,
        dir,
        entrypoint,
        importMap: importMap ?? undefined,
        verifyJwt: config.verify_jwt ?? true,
        watch: [
          path.dirname(entrypoint),
          dir,
          shared,
          path.join(functionsDir, '.env'),
          ...(importMap ? [importMap] : []),
        ],
      };
    }
    return null;
  }

  function functionEnv(): Record<string, string> {
    const env: Record<string, string> = {};
    const dotenvPath = path.join(functionsDir, '.env');
    if (existsSync(dotenvPath)) {
      for (const [key, value] of Object.entries(parseDotenv(readFileSync(dotenvPath, 'utf8')))) {
        // The CLI skips these too: the stack owns the SUPABASE_ names.
        if (key.startsWith('SUPABASE_')) {
          log('functions', `supabase/functions/.env: ${key} is reserved, skipping`);
          continue;
        }
        env[key] = value;
      }
    }
    const dbUrl = deps.dbUrl;
    // The app's public address (the sitemap function's SITE_URL secret on hosted projects) is
    // config.toml's [auth] site_url here, where the app runs; supabase/functions/.env may override it.
    const siteUrl = (deps.config.auth as { site_url?: unknown } | undefined)?.site_url;
    return {
      ...(typeof siteUrl === 'string' && siteUrl ? { SITE_URL: siteUrl } : {}),
      ...deps.functionEnv,
      ...env,
      SUPABASE_URL: deps.apiUrl,
      SUPABASE_ANON_KEY: deps.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: deps.keys.serviceRoleKey,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: deps.keys.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: deps.keys.secretKey }),
      ...(dbUrl ? { SUPABASE_DB_URL: dbUrl } : {}),
    };
  }

  function log(name: string, line: string) {
    if (!quiet) process.stderr.write(`[functions:${name}] ${line}\n`);
  }

  // One start-or-reuse decision at a time per function, so concurrent first calls share a boot.
  const decisions = new Map<string, Promise<unknown>>();
  function workerFor(fn: ResolvedFunction): Promise<DenoWorker> {
    const previous = decisions.get(fn.name) ?? Promise.resolve();
    const next = previous.then(() => decideWorker(fn));
    decisions.set(
      fn.name,
      next.catch(() => {}),
    );
    return next;
  }

  async function decideWorker(fn: ResolvedFunction): Promise<DenoWorker> {
    const signature = await sourceSignature(fn.watch);
    const running = workers.get(fn.name);
    if (running && running.signature === signature && running.worker.alive) return running.worker;
    if (running) {
      workers.delete(fn.name);
      // Requests still streaming from the old version get a moment to finish.
      const old = running.worker;
      retired.add(old);
      setTimeout(() => void old.stop().then(() => retired.delete(old)), RETIRE_GRACE_MS).unref();
    }
    denoBinary ??= resolveDenoBinary(deps.rootDir);
    const worker = new DenoWorker({
      name: fn.name,
      entrypoint: fn.entrypoint,
      importMap: fn.importMap,
      denoBinary,
      cwd: deps.rootDir,
      denoDir,
      writeDir: tmpdir(),
      env: functionEnv(),
      log: (line) => log(fn.name, line),
    });
    workers.set(fn.name, { worker, signature });
    worker.ready.then(
      () => log(fn.name, `booted in ${worker.bootMs} ms`),
      () => {
        if (workers.get(fn.name)?.worker === worker) workers.delete(fn.name);
      },
    );
    return worker;
  }

  return {
    async handle(req) {
      const url = new URL(req.url);
      const pathname = url.pathname.replace(/^\/functions\/v1(?=\/|$)/, '');
      const [, rawName = '', ...rest] = pathname.split('/');
      const name = safeDecode(rawName);
      const fn = name ? resolveFunction(name) : null;
      if (!fn) return new Response('Function not found', { status: 404, headers: { 'content-type': 'text/plain' } });

      if (req.method !== 'OPTIONS' && fn.verifyJwt) {
        const refusal = await checkJwt(req, deps);
        if (refusal) return refusal;
      }

      let port: number;
      let worker: DenoWorker;
      try {
        worker = await workerFor(fn);
        port = await worker.ready;
      } catch (err) {
        if (err instanceof BootError) {
          log(fn.name, `${err.message}\n${err.output}`);
          return json(503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
        }
        throw err;
      }
      return proxy(req, port, `/${rawName}${rest.length ? `/${rest.join('/')}` : ''}${url.search}`, (err) =>
        log(fn.name, `request failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    },
    bootTimes() {
      return Object.fromEntries([...workers].map(([name, w]) => [name, w.worker.bootMs]));
    },
    async close() {
      const all = [...[...workers.values()].map((w) => w.worker), ...retired];
      workers.clear();
      retired.clear();
      await Promise.all(all.map((w) => w.stop()));
    },
  };
}

async function checkJwt(req: Request, deps: ServiceDeps): Promise<Response | null> {
  const header = req.headers.get('authorization');
  if (!header) return json(401, { msg: 'Error: Missing authorization header' });
  const match = /^Bearer (\S+)$/.exec(header.trim());
  // A `Bearer sb_…` key is not a JWT: hosted verify_jwt refuses new-format keys.
  if (!match || match[1]!.startsWith('sb_')) return json(401, { msg: 'Invalid JWT' });
  try {
    await verifyJwt(match[1]!, deps.keys);
    return null;
  } catch (err) {
    if (err instanceof JwtError) return json(401, { msg: 'Invalid JWT' });
    throw err;
  }
}

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length']);

async function proxy(
  req: Request,
  port: number,
  pathAndQuery: string,
  onError: (err: unknown) => void,
): Promise<Response> {
  const headers = new Headers();
  req.headers.forEach((value, key) => {
    if (!HOP_BY_HOP.has(key)) headers.set(key, value);
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  let upstream: Response;
  try {
    upstream = await fetch(`http://127.0.0.1:${port}${pathAndQuery}`, {
      method: req.method,
      headers,
      body: hasBody ? await req.arrayBuffer() : undefined,
      redirect: 'manual',
    });
  } catch (err) {
    onError(err);
    return json(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
  }
  const out = new Headers();
  upstream.headers.forEach((value, key) => {
    // fetch already decoded the body, so its encoding and length no longer apply.
    if (key === 'content-encoding' || key === 'content-length' || key === 'transfer-encoding') return;
    out.append(key, value);
  });
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: out });
}

function firstExisting(dir: string, names: string[]): string | null {
  for (const name of names) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
