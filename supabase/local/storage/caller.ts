/**
 * Who is calling: what Kong + the storage/functions JWT checks work out from `apikey` and
 * `Authorization` (research §0.5). A user JWT in Authorization wins; `Bearer sb_…` and a bare
 * apikey map to the key's role with the matching legacy key's claims.
 */
import { createLocalJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { RequestContext, StackKeys } from '../types';

export class CallerError extends Error {}

type JwksResolver = ReturnType<typeof createLocalJWKSet>;
const jwksCache = new WeakMap<StackKeys, JwksResolver>();

/** Verifies an access token the stack could have issued: HS256 (legacy keys) or ES256/RS256 (JWKS). */
export async function verifyAccessToken(token: string, keys: StackKeys): Promise<JWTPayload> {
  const header = decodeHeader(token);
  if (header.alg === 'HS256') {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(keys.jwtSecret), { algorithms: ['HS256'] });
    return payload;
  }
  let jwks = jwksCache.get(keys);
  if (!jwks) {
    jwks = createLocalJWKSet(keys.jwks as Parameters<typeof createLocalJWKSet>[0]);
    jwksCache.set(keys, jwks);
  }
  const { payload } = await jwtVerify(token, jwks, { algorithms: ['ES256', 'RS256', 'EdDSA'] });
  return payload;
}

function decodeHeader(token: string): { alg?: string } {
  const part = token.split('.')[0];
  if (!part || token.split('.').length !== 3) throw new CallerError('Invalid Compact JWS');
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { alg?: string };
  } catch {
    throw new CallerError('Invalid Compact JWS');
  }
}

/** The claims a key-only caller carries: those of the legacy key JWT for that role. */
export function keyClaims(role: 'anon' | 'service_role', keys: StackKeys): Record<string, unknown> {
  try {
    return decodeJwt(role === 'anon' ? keys.anonKey : keys.serviceRoleKey) as Record<string, unknown>;
  } catch {
    return { role };
  }
}

function roleOfOpaqueKey(key: string, keys: StackKeys): 'anon' | 'service_role' | null {
  if (key === keys.secretKey) return 'service_role';
  if (key === keys.publishableKey) return 'anon';
  return null;
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (!header) return null;
  const match = /^bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() ?? null;
}

/**
 * Resolves the caller. Throws CallerError when a token was sent but is invalid; returns null
 * when neither a token nor an apikey identifies anyone.
 */
export async function resolveCaller(
  req: Request,
  apikeyRole: 'anon' | 'service_role' | null,
  keys: StackKeys,
): Promise<RequestContext | null> {
  const url = new URL(req.url);
  const base = {
    method: req.method,
    path: url.pathname,
    headers: headersObject(req.headers),
  };
  const token = bearerToken(req);
  if (token && !token.startsWith('sb_')) {
    let claims: JWTPayload;
    try {
      claims = await verifyAccessToken(token, keys);
    } catch (err) {
      throw new CallerError(err instanceof Error ? err.message : 'invalid JWT');
    }
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
    return { role, claims: claims as Record<string, unknown>, ...base };
  }
  const role = (token ? roleOfOpaqueKey(token, keys) : null) ?? apikeyRole ?? roleFromApikeyHeader(req, keys);
  if (!role) return null;
  return { role, claims: keyClaims(role, keys), ...base };
}

/** For callers that reach a service without the gateway's apikey mapping (unit tests, direct use). */
function roleFromApikeyHeader(req: Request, keys: StackKeys): 'anon' | 'service_role' | null {
  const apikey = req.headers.get('apikey');
  if (!apikey) return null;
  if (apikey === keys.anonKey) return 'anon';
  if (apikey === keys.serviceRoleKey) return 'service_role';
  return roleOfOpaqueKey(apikey, keys);
}

export function headersObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}
