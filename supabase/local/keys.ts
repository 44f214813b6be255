/**
 * The keys of a local stack, as the Supabase CLI hands them out:
 * - the legacy HS256 secret and the anon / service_role JWT keys signed with it (the CLI's
 *   well-known local defaults, so tools and docs that hard-code them keep working);
 * - the new-style `sb_publishable_…` / `sb_secret_…` keys (the CLI's local defaults);
 * - an ES256 key pair with a `kid` that signs user access tokens, published as a JWKS.
 *
 * The EC key is generated once per data directory and kept in `<dataDir>/keys.json`, so
 * sessions survive a restart; in-memory stacks get a fresh one each time.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  SignJWT,
  decodeProtectedHeader,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import type { JsonWebKeyWithKid, StackKeys } from './types';

/** The Supabase CLI's local JWT secret (`apps/cli-go/pkg/config/apikeys.go`). */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
/** `exp` of the CLI's legacy keys (2032-11-12), which makes them byte-identical to the CLI's. */
const LEGACY_KEY_EXP = 1983812996;

export type JwtErrorReason = 'malformed' | 'invalid_signature' | 'expired' | 'unknown_key' | 'unsupported_alg';

/** Why a token was refused; `reason` lets callers map it to their own error codes. */
export class JwtError extends Error {
  readonly reason: JwtErrorReason;
  constructor(reason: JwtErrorReason, message: string) {
    super(message);
    this.name = 'JwtError';
    this.reason = reason;
  }
}

export type ApiKeyRole = 'anon' | 'service_role';

/** Signs `{iss:'supabase-demo', role, exp}` with HS256 exactly as the CLI does (same header and key order). */
function legacyKey(role: ApiKeyRole, secret: string): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const signingInput = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ iss: 'supabase-demo', role, exp: LEGACY_KEY_EXP })}`;
  const sig = createHmac('sha256', secret).update(signingInput).digest('base64url');
  return `${signingInput}.${sig}`;
}

function publicJwk(jwk: JsonWebKeyWithKid): JsonWebKeyWithKid {
  return {
    kty: jwk.kty,
    crv: jwk.crv,
    x: jwk.x,
    y: jwk.y,
    kid: jwk.kid,
    alg: 'ES256',
    use: 'sig',
    key_ops: ['verify'],
  };
}

async function generateSigningJwk(): Promise<JsonWebKeyWithKid> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), alg: 'ES256', key_ops: ['sign', 'verify'] } as JsonWebKeyWithKid;
}

function isSigningJwk(v: unknown): v is JsonWebKeyWithKid {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    o.kty === 'EC' &&
    o.crv === 'P-256' &&
    typeof o.d === 'string' &&
    typeof o.x === 'string' &&
    typeof o.y === 'string' &&
    typeof o.kid === 'string'
  );
}

/** Builds the full key set around one ES256 signing key. */
export function buildKeys(signingJwk: JsonWebKeyWithKid): StackKeys {
  return {
    jwtSecret: LOCAL_JWT_SECRET,
    anonKey: legacyKey('anon', LOCAL_JWT_SECRET),
    serviceRoleKey: legacyKey('service_role', LOCAL_JWT_SECRET),
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    secretKey: LOCAL_SECRET_KEY,
    signingJwk,
    jwks: { keys: [publicJwk(signingJwk)] },
  };
}

/**
 * Loads `<dataDir>/keys.json` or creates it. Only the EC signing key is random; everything else
 * is the CLI's fixed local value and is recomputed on load (the file still lists it, for humans).
 */
export async function loadOrCreateKeys(dataDir: string | null): Promise<StackKeys> {
  if (!dataDir) return buildKeys(await generateSigningJwk());
  const file = path.join(dataDir, 'keys.json');
  let stored: unknown = null;
  try {
    stored = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`Cannot read ${file}: ${(err as Error).message}`);
  }
  const storedJwk = stored && typeof stored === 'object' ? (stored as { signingJwk?: unknown }).signingJwk : undefined;
  if (isSigningJwk(storedJwk)) return buildKeys(storedJwk);
  const keys = buildKeys(await generateSigningJwk());
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  return keys;
}

// Importing a JWK costs more than signing with it; cache per kid.
const keyCache = new Map<string, Promise<CryptoKey | Uint8Array>>();
function cachedKey(cacheId: string, jwk: JsonWebKey): Promise<CryptoKey | Uint8Array> {
  let key = keyCache.get(cacheId);
  if (!key) {
    // Only the key material: WebCrypto refuses `key_ops` that don't fit a private/public half.
    const { kty, crv, x, y, d } = jwk;
    key = importJWK(d === undefined ? { kty, crv, x, y } : { kty, crv, x, y, d }, 'ES256');
    keyCache.set(cacheId, key);
  }
  return key;
}

/** Signs claims with the stack's ES256 key (`kid` in the header), like GoTrue's access tokens. */
export async function signJwt(payload: JWTPayload, keys: StackKeys): Promise<string> {
  const jwk = keys.signingJwk;
  const key = await cachedKey(`private:${jwk.kid}:${jwk.x}`, jwk);
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: jwk.kid, typ: 'JWT' }).sign(key);
}

function mapJoseError(err: unknown): JwtError {
  if (err instanceof JwtError) return err;
  if (err instanceof joseErrors.JWTExpired) return new JwtError('expired', 'token has expired');
  if (err instanceof joseErrors.JWSSignatureVerificationFailed)
    return new JwtError('invalid_signature', 'signature is invalid');
  if (err instanceof joseErrors.JWTClaimValidationFailed)
    return new JwtError('malformed', `invalid claim: ${err.claim}`);
  return new JwtError('malformed', err instanceof Error ? err.message : 'token is malformed');
}

/**
 * Verifies an access token or legacy key: ES256 by `kid` against the stack's JWKS, or HS256
 * with the legacy secret. Throws `JwtError` (malformed / invalid_signature / expired / …).
 */
export async function verifyJwt(token: string, keys: StackKeys): Promise<JWTPayload> {
  let alg: string | undefined;
  let kid: string | undefined;
  try {
    ({ alg, kid } = decodeProtectedHeader(token));
  } catch {
    throw new JwtError('malformed', 'token is malformed');
  }
  try {
    if (alg === 'HS256') {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(keys.jwtSecret), { algorithms: ['HS256'] });
      return payload;
    }
    if (alg === 'ES256') {
      const jwk = keys.jwks.keys.find((k) => k.kid === kid) ?? (kid === undefined ? keys.jwks.keys[0] : undefined);
      if (!jwk) throw new JwtError('unknown_key', `no key with kid ${kid ?? '(none)'}`);
      const key = await cachedKey(`public:${jwk.kid}:${jwk.x}`, jwk);
      const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'] });
      return payload;
    }
  } catch (err) {
    throw mapJoseError(err);
  }
  throw new JwtError('unsupported_alg', `unsupported signing method ${alg ?? '(none)'}`);
}

/** Synchronous HS256 check of a legacy JWT key (the gateway maps keys on every request). */
function legacyKeyRole(key: string, secret: string): ApiKeyRole | null {
  const parts = key.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'HS256') return null;
    const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
    const given = Buffer.from(s, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { role?: unknown; exp?: unknown };
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) return null;
    return claims.role === 'anon' || claims.role === 'service_role' ? claims.role : null;
  } catch {
    return null;
  }
}

/** The role an `apikey` grants: the sb_ keys by value, legacy JWT keys by their verified `role` claim. */
export function roleForApiKey(key: string | null | undefined, keys: StackKeys): ApiKeyRole | null {
  if (!key) return null;
  if (key === keys.publishableKey) return 'anon';
  if (key === keys.secretKey) return 'service_role';
  if (key.startsWith('sb_')) return null;
  return legacyKeyRole(key, keys.jwtSecret);
}

/** What Kong forwards upstream in place of an sb_ key: the legacy JWT of the same role. */
export function jwtForRole(role: ApiKeyRole, keys: StackKeys): string {
  return role === 'service_role' ? keys.serviceRoleKey : keys.anonKey;
}

/**
 * `PGRST_JWT_SECRET` as the CLI builds it: a JWKS with the public EC key(s) and the legacy
 * HS256 secret as an `oct` key, so PostgREST accepts both user tokens and legacy keys.
 */
export function postgrestJwtSecret(keys: StackKeys): string {
  const oct = { kty: 'oct', k: Buffer.from(keys.jwtSecret).toString('base64url'), alg: 'HS256' };
  return JSON.stringify({ keys: [...keys.jwks.keys, oct] });
}
