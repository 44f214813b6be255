/**
 * An isolated local stack per test file: in-memory database cloned from the cached migrated
 * snapshot (or a template clone on SUPABASE_DB_URL), its own PostgREST and gateway on free
 * ports. Tests talk to it through supabase-js only; `db` is for fixture setup.
 *
 *   const stack = await createTestStack();
 *   afterAll(() => stack.stop());
 *   const { data } = await stack.client().from('units').select('*');
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt } from '../../local/keys';
import { startStack, type Stack } from '../../local/index';
import type { StackKeys } from '../../local/types';

export type ClientAs =
  /** The anon key (the default), as the browser app uses it. */
  | 'anon'
  /** The service_role key (bypasses RLS). */
  | 'service_role'
  /** The new-style keys, which the gateway maps like Kong does. */
  | 'publishable'
  | 'secret'
  /** A signed-in user: their access token rides along as `Authorization: Bearer …`. */
  | { accessToken: string };

export interface TestUserClaims {
  sub?: string;
  email?: string;
  phone?: string;
  role?: string;
  /** Seconds until expiry (default 3600; negative gives an expired token). */
  expiresIn?: number;
  [claim: string]: unknown;
}

export interface TestStack {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  keys: StackKeys;
  db: Stack['db'];
  stack: Stack;
  /**
   * The pg_cron / pg_net stand-ins: `jobs.cron.tick(at)` runs the jobs due at `at` (the clock is
   * off in tests unless `createTestStack({ cron: true })`), `jobs.net.settle()` waits until every
   * committed net.http_* request was sent and answered (the worker also sends on its own).
   */
  jobs: Stack['jobs'];
  /** A fresh supabase-js client (no persisted session) for the given key or user. */
  client(as?: ClientAs): SupabaseClient;
  /** Signs a user access token like GoTrue's (ES256, aud authenticated) without the auth service. */
  userToken(claims?: TestUserClaims): Promise<string>;
  /** After DDL through `db`: make the Data API see the new tables/functions. */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}

export interface TestStackOptions {
  seed?: boolean;
  cron?: boolean;
  /** Turns on anonymous sign-ins, which supabase/config.toml keeps off (as hosted projects do). */
  anonymousSignIns?: boolean;
}

export async function createTestStack(opts: TestStackOptions = {}): Promise<TestStack> {
  const stack = await startStack({
    port: 0,
    dataDir: null,
    seed: opts.seed ?? false,
    quiet: true,
    jobs: { cron: opts.cron ?? false },
    configure: opts.anonymousSignIns
      ? (config) => ({ ...config, auth: { ...config.auth, enable_anonymous_sign_ins: true } })
      : undefined,
  });
  const { keys } = stack;
  const keyFor = (as: Exclude<ClientAs, { accessToken: string }>) =>
    ({
      anon: keys.anonKey,
      service_role: keys.serviceRoleKey,
      publishable: keys.publishableKey,
      secret: keys.secretKey,
    })[as];

  return {
    apiUrl: stack.apiUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    keys,
    db: stack.db,
    stack,
    jobs: stack.jobs,
    client(as: ClientAs = 'anon') {
      const user = typeof as === 'object' ? as : null;
      return createClient(
        stack.apiUrl,
        user ? keys.anonKey : keyFor(as as Exclude<ClientAs, { accessToken: string }>),
        {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          // supabase-js builds its Realtime client eagerly and Node 20 has no global WebSocket.
          realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
          global: user ? { headers: { Authorization: `Bearer ${user.accessToken}` } } : undefined,
        },
      );
    },
    async userToken(claims: TestUserClaims = {}) {
      const { expiresIn = 3600, ...rest } = claims;
      const now = Math.floor(Date.now() / 1000);
      return signJwt(
        {
          aud: 'authenticated',
          role: 'authenticated',
          sub: randomUUID(),
          aal: 'aal1',
          amr: [{ method: 'password', timestamp: now }],
          session_id: randomUUID(),
          is_anonymous: false,
          iss: `${stack.apiUrl}/auth/v1`,
          iat: now,
          exp: now + expiresIn,
          ...rest,
        },
        keys,
      );
    },
    reloadSchema: () => stack.reloadSchema(),
    stop: () => stack.stop(),
  };
}
