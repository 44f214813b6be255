/**
 * Who is calling: what Kong + the storage/functions JWT checks work out from `apikey` and
 * `Authorization` (docs/local-stack.md, "The gateway"). A user JWT in Authorization wins; `Bearer sb_…` and a bare
 * apikey map to the key's role with the matching legacy key's claims.
 */
import { decodeJwt, type JWTPayload } from 'jose';
import { JwtError, roleForApiKey, verifyJwt } from '../keys';
import type { RequestContext, StackKeys } from '../types';

export class CallerError extends Error {}

/** Verifies an access token the stack could have issued: HS256 (legacy keys) or ES256 (JWKS). */
export function verifyAccessToken(token: string, keys: StackKeys): Promise<JWTPayload> {
  return verifyJwt(token, keys);
}

/** The claims a key-only caller carries: those of the legacy key JWT for that role. */
export function keyClaims(role: 'anon' | 'service_role', keys: StackKeys): Record<string, unknown> {
  try {
    return decodeJwt(role === 'anon' ? keys.anonKey : keys.serviceRoleKey) as Record<string, unknown>;
  } catch {
    return { role };
  }
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
      throw new CallerError(jwtMessage(err));
    }
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
    return { role, claims: claims as Record<string, unknown>, ...base };
  }
  const role = (token ? roleForApiKey(token, keys) : null) ?? apikeyRole ?? roleFromApikeyHeader(req, keys);
  if (!role) return null;
  return { role, claims: keyClaims(role, keys), ...base };
}

/** For callers that reach a service without the gateway's apikey mapping (unit tests, direct use). */
function roleFromApikeyHeader(req: Request, keys: StackKeys): 'anon' | 'service_role' | null {
  return roleForApiKey(req.headers.get('apikey'), keys);
}

export function headersObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** The jsonwebtoken-style messages storage-api and edge-runtime report. */
function jwtMessage(err: unknown): string {
  if (err instanceof JwtError) {
    if (err.reason === 'expired') return 'jwt expired';
    if (err.reason === 'invalid_signature') return 'invalid signature';
    return 'jwt malformed';
  }
  return err instanceof Error ? err.message : 'invalid JWT';
}
