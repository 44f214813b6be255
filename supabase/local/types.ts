/**
 * The contracts between the pieces of the local stack (gateway, database, auth, storage,
 * functions). Each piece is built against these types, so they can evolve separately.
 */

/** A row-returning SQL executor: PGlite or a `pg` client, both with `$1` placeholders. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  /** Runs several statements without parameters (DDL, migrations). */
  exec(text: string): Promise<void>;
}

/** Who is asking, as PostgREST would see it: the role plus the JWT claims. */
export interface RequestContext {
  role: 'anon' | 'authenticated' | 'service_role' | (string & {});
  /** Claims of the verified JWT (an anon/service key's claims when no user token was sent). */
  claims: Record<string, unknown>;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
}

export interface Database extends Sql {
  /** 'pglite' (embedded, the default) or 'postgres' (SUPABASE_DB_URL). */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction that has exclusive use of a database session until it
   * commits or rolls back: nothing else (socket clients included) interleaves with it.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Like `transaction`, but first does what PostgREST does per request: `set local role`,
   * `request.jwt.claims`, `request.jwt.claim.sub/role`, `request.method/path/headers`, so RLS
   * policies decide. Read-only when `readOnly` is set.
   */
  asRole<T>(ctx: RequestContext, fn: (tx: Sql) => Promise<T>, options?: { readOnly?: boolean }): Promise<T>;
  close(): Promise<void>;
}

/** The keys a stack hands out, as `supabase status` prints them. */
export interface StackKeys {
  /** HS256 secret of the legacy anon / service_role JWT keys. */
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /** ES256 private key (JWK with kid) that signs user access tokens. */
  signingJwk: JsonWebKeyWithKid;
  /** What `/auth/v1/.well-known/jwks.json` publishes (public keys only). */
  jwks: { keys: JsonWebKeyWithKid[] };
}

export type JsonWebKeyWithKid = JsonWebKey & { kid: string; alg?: string };

/** A message the stack "sent" (SMS, e-mail or WhatsApp) and kept in the local outbox. */
export interface OutboxMessage {
  id: string;
  channel: 'sms' | 'email' | 'whatsapp';
  to: string;
  /** WhatsApp (issue 16): the sandbox's business number id, the message's direction, wamid and status. */
  from?: string;
  direction?: 'inbound' | 'outbound';
  providerId?: string;
  status?: string;
  subject?: string;
  body: string;
  /** e.g. 'otp', 'recovery', 'invite', 'magiclink', 'signup', 'email_change', 'phone_change', 'reauthentication'. */
  kind: string;
  createdAt: string;
}

export interface Outbox {
  add(message: Omit<OutboxMessage, 'id' | 'createdAt'>): OutboxMessage;
  list(): OutboxMessage[];
  clear(): void;
}

/** Everything a service needs from the stack it runs in. */
export interface ServiceDeps {
  db: Database;
  keys: StackKeys;
  /** The parsed `supabase/config.toml` (the Supabase CLI's format); each service reads its section. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TOML is untyped; each service validates its own section
  config: Record<string, any>;
  /** Folder for files (storage bytes, keys); null when the stack is in-memory (tests). */
  dataDir: string | null;
  /** Public base URL of the gateway, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  outbox: Outbox;
  /** Project root (where package.json and supabase/ are). */
  rootDir: string;
  /** Connection URL of the database when it is a real Postgres (edge functions get it as SUPABASE_DB_URL). */
  dbUrl?: string;
  /**
   * Environment the stack gives edge functions by default (e.g. ZATCA_BASE_URL of the local
   * sandbox); supabase/functions/.env overrides it, and the SUPABASE_* names come on top.
   */
  functionEnv?: Record<string, string>;
}

/** What the gateway tells a service about a request, besides the request itself. */
export interface ServiceRequestContext {
  /** The role the request's `apikey` maps to (null if none). */
  apikeyRole: 'anon' | 'service_role' | null;
  /**
   * The TCP peer address of the request as the gateway saw it (IPv4-mapped IPv6 written as
   * IPv4). Only the in-process gateway sets it, so no client can choose it; absent when a
   * service is called directly (unit tests).
   */
  clientAddress?: string;
}

/**
 * A mounted service. The gateway strips its prefix: `/auth/v1/token?grant_type=password`
 * reaches the auth service as `/token?grant_type=password`; CORS is the gateway's job, and the
 * client-address headers (`cf-connecting-ip`, `x-real-ip`, `x-forwarded-for`) are the gateway's
 * own (client-sent ones are dropped), as behind hosted Supabase's edge.
 */
export interface Service {
  handle(req: Request, ctx: ServiceRequestContext): Promise<Response>;
  close?(): Promise<void>;
}
