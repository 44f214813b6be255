/**
 * The local Supabase stack as a library: `startStack()` opens the database (PGlite or
 * SUPABASE_DB_URL), brings it up to date, starts PostgREST and the gateway, and mounts the
 * auth / storage / functions services. `npm run stack`, `npm start` and every test use it.
 */
import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type StackConfig } from './config';
import { openStackDatabase, type StackDatabase } from './database';
import { createEmailSandbox, EMAIL_SANDBOX_PREFIX, LOCAL_EMAIL_API_KEY, localEmailApiUrl } from './email/sandbox';
import {
  createSmsSandbox,
  LOCAL_SMS_API_KEY,
  LOCAL_SMS_SENDER,
  LOCAL_SMS_WEBHOOK_TOKEN,
  localSmsApiUrl,
  SMS_SANDBOX_PREFIX,
} from './sms/sandbox';
import {
  createWhatsappSandbox,
  LOCAL_WHATSAPP_APP_SECRET,
  LOCAL_WHATSAPP_VERIFY_TOKEN,
  WHATSAPP_SANDBOX_PREFIX,
  type WhatsappSandbox,
} from './whatsapp/sandbox';
import { rememberKnownConversations } from './whatsapp/known-conversations';
import { createCheckoutPage } from './moyasar/checkout-page';
import {
  createMoyasarSandbox,
  LOCAL_MOYASAR_PUBLISHABLE_KEY,
  LOCAL_MOYASAR_SECRET_KEY,
  LOCAL_MOYASAR_WEBHOOK_SECRET,
  localMoyasarApiUrl,
  MOYASAR_CHECKOUT_PREFIX,
  MOYASAR_SANDBOX_PREFIX,
  type MoyasarSandbox,
} from './moyasar/sandbox';
import { createOtaSandbox, OTA_SANDBOX_PREFIX, type OtaSandbox } from './ota/sandbox';
import { createTtlockSandbox, TTLOCK_SANDBOX_PREFIX, type TtlockSandbox } from './ttlock/sandbox';
import { startGateway, type ServiceName } from './gateway';
import { startBackgroundJobs, type BackgroundJobs } from './jobs';
import { createCronTool, CRON_TOOL_PREFIX } from './jobs/cron-tool';
import { loadOrCreateKeys, postgrestJwtSecret } from './keys';
import { applyMigrations, readSchemaSources } from './migrate';
import { startPostgrest } from './postgrest';
import { createRealtime, REALTIME_PATH, type RealtimeServer } from './realtime/server';
import { pointDemoFeedsAtStack } from './ota/demo-feeds';
import { seedBucketObjects } from './storage/seed-objects';
import {
  createLocalZatca,
  localZatcaBaseUrl,
  PAGE_PREFIX,
  SANDBOX_PREFIX,
  type LocalZatca,
} from './zatca/local-service';
import { loadOutbox, loadService, type LocalOutbox } from './services';
import type { Service, ServiceDeps, StackKeys } from './types';

export interface StartStackOptions {
  /** Gateway port; 0 = a free port (tests). Default: config.toml [api] port (54321). */
  port?: number;
  /** Data folder (PGlite files, keys, storage bytes); null = in-memory. Default supabase/.local. */
  dataDir?: string | null;
  /** Run supabase/seed.sql on a new database. Default: true for a data folder, false in-memory. */
  seed?: boolean;
  /** Real PostgreSQL instead of PGlite. Default: $SUPABASE_DB_URL. */
  dbUrl?: string;
  quiet?: boolean;
  /** Project root. Default: the repository this file is in. */
  rootDir?: string;
  /** Apply migrations added to supabase/migrations while running, then reload the Data API. */
  watchMigrations?: boolean;
  /**
   * Background work (pg_cron / pg_net stand-ins, docs/local-stack.md "Background jobs"): `cron`
   * runs due jobs on the clock, `net` sends queued HTTP requests. Both default to true; tests turn
   * the clock off and tick `stack.jobs.cron` by hand.
   */
  jobs?: { cron?: boolean; net?: boolean };
  /** Changes config.toml's settings for this stack only (tests of a setting the project keeps off). */
  configure?: (config: StackConfig) => StackConfig;
}

export interface Stack {
  apiUrl: string;
  keys: StackKeys;
  /**
   * Where psql can connect: the real server, or the embedded PGlite's wire server
   * (127.0.0.1:[db] port, 54322, like the CLI; a free port for tests).
   */
  dbUrl: string;
  db: StackDatabase;
  outbox: LocalOutbox;
  /** The pg_cron / pg_net workers (tick or drain them by hand in tests). */
  jobs: BackgroundJobs;
  /** The ZATCA API sandbox at /_sandbox/zatca (its log and failures on demand; docs/zatca.md). */
  zatca: LocalZatca;
  /** The Moyasar payment gateway sandbox at /_sandbox/moyasar (invoices, payments, webhooks). */
  moyasar: MoyasarSandbox;
  /** The TTLock Open Platform sandbox at /_sandbox/ttlock (locks, passcodes, records; the locks function). */
  ttlock: TtlockSandbox;
  /** The OTA feed sandbox at /_sandbox/ota (Airbnb, Booking.com, Gathern iCal feeds; the ical function). */
  ota: OtaSandbox;
  /** The WhatsApp Cloud API sandbox at /_sandbox/whatsapp (sends, played replies and receipts; issue 16). */
  whatsapp: WhatsappSandbox;
  /** The SMS gateway sandbox at /_sandbox/sms (Taqnyat and Unifonic; delivery reports). */
  sms: ReturnType<typeof createSmsSandbox>;
  /** The Realtime server at /realtime/v1/websocket (docs/local-stack.md, "Realtime"). */
  realtime: RealtimeServer;
  config: StackConfig;
  /** URL of the PostgREST process behind /rest/v1 (for benchmarks and debugging). */
  postgrestUrl: string;
  /** Migrations applied while starting (file names). */
  applied: string[];
  seeded: boolean;
  warnings: string[];
  /** Where start-up time went (ms): database open/clone, PostgREST ready, services loaded, total. */
  timings: { database: number; postgrest: number; services: number; total: number };
  /** Makes PostgREST re-read the schema (after DDL through `db`). */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_DATA_DIR = path.join(ROOT_DIR, 'supabase', '.local');

export async function startStack(opts: StartStackOptions = {}): Promise<Stack> {
  const rootDir = opts.rootDir ?? ROOT_DIR;
  const config = opts.configure ? opts.configure(loadConfig(rootDir)) : loadConfig(rootDir);
  const dataDir = opts.dataDir === undefined ? DEFAULT_DATA_DIR : opts.dataDir;
  const dbUrl = opts.dbUrl ?? (process.env.SUPABASE_DB_URL || undefined);
  const quiet = opts.quiet ?? false;
  const log = (line: string) => {
    if (!quiet) process.stdout.write(`${line}\n`);
  };
  const seed = (opts.seed ?? dataDir !== null) && config.db.seed?.enabled !== false;

  const cleanup: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    cleanup.length = 0;
  };

  const began = performance.now();
  const since = (t: number) => Math.round(performance.now() - t);
  try {
    const keys = await loadOrCreateKeys(dataDir);
    const opened = await openStackDatabase({ rootDir, dataDir, dbUrl, seed, log });
    const databaseMs = since(began);
    cleanup.push(() => opened.dispose());
    const { db } = opened;

    let socketPort: number | undefined;
    let stackDbUrl = opened.dbUrl ?? '';
    if (db.kind === 'pglite') {
      // Tests (port 0) get a free port; `npm run stack` the CLI's 54322 when it is free.
      const wanted = opts.port === 0 ? 0 : Number(config.db.port);
      const server = await db.listen(wanted).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EADDRINUSE') throw err;
        log(`warning: port ${wanted} is in use; the embedded database listens on a free port instead.`);
        return db.listen(0);
      });
      socketPort = server.port;
      stackDbUrl = `postgresql://postgres:postgres@127.0.0.1:${server.port}/postgres`;
      cleanup.push(() => server.stop());
    }
    // PostgREST loads its schema cache while the gateway and services start.
    const postgrestBegan = performance.now();
    let postgrestMs = 0;
    const postgrestStarting = startPostgrest({
      dbUri: opened.postgrestUri(socketPort),
      jwtSecret: postgrestJwtSecret(keys),
      schemas: config.api.schemas,
      extraSearchPath: config.api.extra_search_path,
      maxRows: config.api.max_rows,
      // PGlite serialises everything anyway; a few connections let PostgREST queue requests
      // on the session lock instead of in its own pool.
      pool: db.kind === 'pglite' ? 3 : 10,
      quiet,
    }).then((p) => {
      postgrestMs = since(postgrestBegan);
      return p;
    });
    postgrestStarting.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
    cleanup.push(async () => {
      const started = await postgrestStarting.catch(() => null);
      await started?.stop();
    });
    let postgrestUrl = '';

    const outbox = await loadOutbox();
    const services: Partial<Record<ServiceName, Promise<Service | null>>> = {};
    const port = opts.port ?? config.api.port;
    // The services need the API URL, which needs the gateway's port: resolve them lazily.
    let resolveDeps!: (deps: ServiceDeps) => void;
    const depsReady = new Promise<ServiceDeps>((r) => (resolveDeps = r));
    for (const name of ['auth', 'storage', 'functions'] as const) {
      services[name] = depsReady.then((deps) => loadService(name, deps, quiet));
    }
    let apiUrl = '';
    const zatca = createLocalZatca({ apiUrl: () => apiUrl });
    const email = createEmailSandbox(outbox);
    // Delivery reports and WhatsApp webhooks go to the stack's messaging function (issue 16).
    const sms = createSmsSandbox(outbox, {
      webhookUrl: (gateway) =>
        `${apiUrl}/functions/v1/messaging/webhooks/sms/${gateway}?token=${LOCAL_SMS_WEBHOOK_TOKEN}`,
    });
    const whatsapp = createWhatsappSandbox({
      outbox,
      webhookUrl: () => `${apiUrl}/functions/v1/messaging/webhooks/whatsapp`,
    });
    // The gateway's hosted page and the webhook registered in its "dashboard" (the billing function).
    const moyasar = createMoyasarSandbox({
      checkoutUrl: () => `${apiUrl}${MOYASAR_CHECKOUT_PREFIX}`,
      webhook: { url: () => `${apiUrl}/functions/v1/billing/webhook`, secret: LOCAL_MOYASAR_WEBHOOK_SECRET },
    });
    const moyasarCheckout = createCheckoutPage(moyasar);
    const ttlock = createTtlockSandbox({ md5: (text) => createHash('md5').update(text, 'utf8').digest('hex') });
    const ota = createOtaSandbox();
    // The jobs start after the gateway (they need its URL): the cron tool finds them when called.
    let startedJobs: BackgroundJobs | null = null;
    const cronTool = createCronTool({ db, cron: () => startedJobs?.cron ?? null });
    const realtime = createRealtime({ db, keys, log });
    services.realtime = Promise.resolve(realtime.service);
    const gateway = await startGateway({
      keys,
      postgrestUrl: () => postgrestUrl,
      services,
      outbox: outbox.handle
        ? { handle: (req) => (outbox.handle as (r: Request) => Promise<Response>)(req) }
        : undefined,
      tools: [
        { prefix: SANDBOX_PREFIX, name: 'The ZATCA sandbox', handle: zatca.handleApi },
        { prefix: PAGE_PREFIX, name: 'The ZATCA sandbox page', handle: zatca.handlePage },
        { prefix: EMAIL_SANDBOX_PREFIX, name: 'The e-mail sandbox', handle: email.handle },
        { prefix: SMS_SANDBOX_PREFIX, name: 'The SMS gateway sandbox', handle: sms.handle },
        { prefix: WHATSAPP_SANDBOX_PREFIX, name: 'The WhatsApp sandbox', handle: whatsapp.handle },
        { prefix: MOYASAR_SANDBOX_PREFIX, name: 'The payment gateway sandbox', handle: moyasar.handle },
        { prefix: TTLOCK_SANDBOX_PREFIX, name: 'The TTLock sandbox', handle: ttlock.handle },
        { prefix: OTA_SANDBOX_PREFIX, name: 'The OTA feed sandbox', handle: ota.handle },
        { prefix: CRON_TOOL_PREFIX, name: 'The cron jobs', handle: cronTool.handle },
      ],
      hostedPages: [{ prefix: MOYASAR_CHECKOUT_PREFIX, handle: moyasarCheckout.handle }],
      upgrade: realtime.handleUpgrade,
      port,
    });
    apiUrl = gateway.url;
    cleanup.push(() => gateway.close());
    // Before the gateway closes (cleanup runs in reverse): upgraded sockets would keep it open.
    cleanup.push(() => realtime.close());
    log(
      `Realtime at ${gateway.url.replace(/^http/, 'ws')}${REALTIME_PATH} (postgres_changes of the supabase_realtime publication, broadcast, presence)`,
    );
    resolveDeps({
      db,
      keys,
      config,
      dataDir,
      apiUrl: gateway.url,
      outbox,
      rootDir,
      dbUrl: opened.dbUrl,
      // Functions reach ZATCA's API, the e-mail provider and the SMS gateway at the local sandboxes
      // (e-mails and SMS land in the outbox) unless supabase/functions/.env says otherwise.
      functionEnv: {
        ZATCA_BASE_URL: localZatcaBaseUrl(gateway.url),
        EMAIL_API_URL: localEmailApiUrl(gateway.url),
        EMAIL_API_KEY: LOCAL_EMAIL_API_KEY,
        EMAIL_FROM: 'Nuzl <no-reply@nuzl.local>',
        OPERATOR_EMAIL: 'operator@nuzl.local',
        SMS_API_URL: localSmsApiUrl(gateway.url),
        SMS_API_KEY: LOCAL_SMS_API_KEY,
        SMS_SENDER: LOCAL_SMS_SENDER,
        SMS_WEBHOOK_TOKEN: LOCAL_SMS_WEBHOOK_TOKEN,
        UNIFONIC_API_URL: localSmsApiUrl(gateway.url),
        WHATSAPP_API_URL: `${gateway.url}${WHATSAPP_SANDBOX_PREFIX}`,
        WHATSAPP_APP_SECRET: LOCAL_WHATSAPP_APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: LOCAL_WHATSAPP_VERIFY_TOKEN,
        MOYASAR_API_URL: localMoyasarApiUrl(gateway.url),
        MOYASAR_SECRET_KEY: LOCAL_MOYASAR_SECRET_KEY,
        MOYASAR_PUBLISHABLE_KEY: LOCAL_MOYASAR_PUBLISHABLE_KEY,
        MOYASAR_WEBHOOK_SECRET: LOCAL_MOYASAR_WEBHOOK_SECRET,
        TTLOCK_API_URL: `${gateway.url}${TTLOCK_SANDBOX_PREFIX}`,
        // The ical function may fetch feeds from the OTA sandbox on loopback (refused when hosted).
        ICAL_ALLOW_PRIVATE_HOSTS: 'true',
      },
    });
    // Start them now (not on first request), and close them on stop.
    const servicesBegan = performance.now();
    const loaded = await Promise.all(Object.values(services));
    const servicesMs = since(servicesBegan);
    cleanup.push(async () => {
      await Promise.all(loaded.map((s) => s?.close?.()));
    });
    // Seed the buckets' objects_path folders with the database (as `supabase db reset` does): a
    // new database here, and every in-memory stack, whose bytes start empty beside a seeded copy.
    if (seed && (opened.seeded || dataDir === null)) {
      const storage = await services.storage;
      if (storage) {
        for (const b of await seedBucketObjects(storage, { config, rootDir, serviceKey: keys.serviceRoleKey })) {
          log(`Seeded ${b.objects} objects into the ${b.bucket} bucket from ${b.from}`);
        }
      }
    }
    const postgrest = await postgrestStarting;
    postgrestUrl = postgrest.url;
    const feedsMoved = await pointDemoFeedsAtStack(db, gateway.url);
    if (feedsMoved > 0) log(`Pointed ${feedsMoved} demo channel feeds at this stack's OTA sandbox`);
    // The guests' recent WhatsApp messages the database holds keep the sandbox's 24-hour window open.
    await rememberKnownConversations(db, whatsapp);
    // Stopped first (cleanup runs in reverse): no job or request outlives the services it calls.
    const jobs = await startBackgroundJobs({
      db,
      config,
      apiUrl: gateway.url,
      keys,
      cron: opts.jobs?.cron,
      net: opts.jobs?.net,
      log,
    });
    startedJobs = jobs;
    cleanup.push(() => jobs.stop());

    if (opts.watchMigrations) cleanup.push(watchMigrations(rootDir, db, () => postgrest.reloadSchema(), log));
    for (const w of opened.warnings) log(`warning: ${w}`);
    return {
      apiUrl: gateway.url,
      keys,
      dbUrl: stackDbUrl,
      db,
      outbox,
      jobs,
      zatca,
      moyasar,
      ttlock,
      ota,
      whatsapp,
      sms,
      realtime,
      config,
      postgrestUrl: postgrest.url,
      applied: opened.applied,
      seeded: opened.seeded,
      warnings: opened.warnings,
      timings: { database: databaseMs, postgrest: postgrestMs, services: servicesMs, total: since(began) },
      reloadSchema: () => postgrest.reloadSchema(),
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/**
 * Applies migrations that appear in supabase/migrations while the stack runs (a developer's
 * `supabase migration new` + edit), then reloads PostgREST's schema cache. Returns the stopper.
 */
function watchMigrations(
  rootDir: string,
  db: StackDatabase,
  reload: () => Promise<void>,
  log: (l: string) => void,
): () => Promise<void> {
  const dir = path.join(rootDir, 'supabase', 'migrations');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const apply = () => {
    running = running.then(async () => {
      try {
        const applied = await applyMigrations(db, await readSchemaSources(rootDir));
        if (applied.length === 0) return;
        for (const m of applied) log(`Applied migration ${m.name}`);
        await reload();
      } catch (err) {
        log(`Migration failed (fix the file and save it again): ${(err as Error).message}`);
      }
    });
  };
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(dir, () => {
      clearTimeout(timer);
      timer = setTimeout(apply, 300);
    });
  } catch {
    log(`note: ${dir} does not exist; new migrations will not be picked up until a restart.`);
  }
  return async () => {
    clearTimeout(timer);
    watcher?.close();
    await running;
  };
}

export type { StackDatabase } from './database';
