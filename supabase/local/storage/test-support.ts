/**
 * Test support for the storage and functions unit tests: a bare PGlite with just the roles and
 * auth.uid() Supabase has, a `Database` doing what PostgREST does per request, freshly
 * generated keys, and a fetch that hands supabase-js requests straight to a Service.
 * (The full stack's tests use supabase/tests/helpers instead.)
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import type {
  Database,
  JsonWebKeyWithKid,
  Outbox,
  RequestContext,
  Service,
  ServiceDeps,
  Sql,
  StackKeys,
} from '../types';

const BASELINE = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  create schema auth;
  grant usage on schema auth to anon, authenticated, service_role;
  create function auth.uid() returns uuid language sql stable as $$
    select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
  $$;
  create function auth.role() returns text language sql stable as $$
    select nullif(current_setting('request.jwt.claim.role', true), '')::text
  $$;
`;

function wrapSql(tx: { query: PGlite['query']; exec: PGlite['exec'] }): Sql {
  return {
    async query<T>(text: string, params?: unknown[]) {
      const result = await tx.query<T>(text, params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
    async exec(text: string) {
      await tx.exec(text);
    },
  };
}

export async function createBareDatabase(): Promise<Database> {
  const pg = new PGlite();
  await pg.exec(BASELINE);
  const schemaFile = fileURLToPath(new URL('./schema.sql', import.meta.url));
  await pg.exec(await readFile(schemaFile, 'utf8'));
  const transaction = <T>(fn: (tx: Sql) => Promise<T>) => pg.transaction((tx) => fn(wrapSql(tx)));
  return {
    kind: 'pglite',
    ...wrapSql(pg),
    transaction,
    asRole<T>(ctx: RequestContext, fn: (tx: Sql) => Promise<T>, options?: { readOnly?: boolean }) {
      return transaction(async (tx) => {
        if (options?.readOnly) await tx.exec('set transaction read only');
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
                  set_config('request.method', $4, true), set_config('request.path', $5, true)`,
          [ctx.role, JSON.stringify(ctx.claims), String(ctx.claims.sub ?? ''), ctx.method ?? '', ctx.path ?? ''],
        );
        return fn(tx);
      });
    },
    close: () => pg.close(),
  };
}

export async function createTestKeys(): Promise<StackKeys> {
  const jwtSecret = 'test-jwt-secret-with-at-least-32-characters-long';
  const secret = new TextEncoder().encode(jwtSecret);
  const legacy = (role: string) =>
    new SignJWT({ iss: 'supabase-demo', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('10y')
      .sign(secret);
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = 'test-key';
  const signingJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' } as JsonWebKeyWithKid;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } as JsonWebKeyWithKid;
  return {
    jwtSecret,
    anonKey: await legacy('anon'),
    serviceRoleKey: await legacy('service_role'),
    publishableKey: 'sb_publishable_test',
    secretKey: 'sb_secret_test',
    signingJwk,
    jwks: { keys: [publicJwk] },
  };
}

/** A user access token as the auth service would sign it (ES256, role authenticated). */
export async function signUserToken(keys: StackKeys, sub: string, extra: Record<string, unknown> = {}) {
  const key = await importJWK(keys.signingJwk, 'ES256');
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', ...extra })
    .setProtectedHeader({ alg: 'ES256', kid: keys.signingJwk.kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

const noOutbox: Outbox = {
  add: () => {
    throw new Error('no outbox in this test');
  },
  list: () => [],
  clear: () => {},
};

export async function createBareDeps(overrides: Partial<ServiceDeps> = {}): Promise<ServiceDeps> {
  return {
    db: await createBareDatabase(),
    keys: await createTestKeys(),
    config: {},
    dataDir: null,
    apiUrl: 'http://127.0.0.1:54321',
    outbox: noOutbox,
    rootDir: fileURLToPath(new URL('../../..', import.meta.url)),
    ...overrides,
  };
}

/** A fetch for supabase-js that delivers `<apiUrl>/<prefix>/…` to the service, as the gateway would. */
export function serviceFetch(service: Service, prefix: string, keys: StackKeys): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    if (!url.pathname.startsWith(prefix)) return new Response('not routed in this test', { status: 404 });
    url.pathname = url.pathname.slice(prefix.length) || '/';
    const apikey = req.headers.get('apikey');
    const apikeyRole =
      apikey === keys.secretKey || apikey === keys.serviceRoleKey
        ? 'service_role'
        : apikey === keys.publishableKey || apikey === keys.anonKey
          ? 'anon'
          : null;
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
    return service.handle(new Request(url, { method: req.method, headers: req.headers, body }), { apikeyRole });
  };
}
