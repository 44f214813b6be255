/**
 * Who a Realtime channel acts as: the `access_token` of its join (or of a later `access_token`
 * event), else the socket's `apikey`, checked with the stack's keys as PostgREST checks them.
 * Errors carry the reason hosted Realtime replies with (realtime_channel.ex `join/3`).
 */
import { JwtError, roleForApiKey, verifyJwt } from '../keys';
import type { StackKeys } from '../types';

export interface ChannelAuth {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
  /** Seconds since the epoch; null for API keys (they do not expire here). */
  exp: number | null;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export class ChannelAuthError extends Error {}

export async function authorizeToken(token: string, keys: StackKeys): Promise<ChannelAuth> {
  if (token.startsWith('sb_')) {
    const role = roleForApiKey(token, keys);
    if (!role) throw new ChannelAuthError('Invalid API key');
    return { role, claims: { role }, exp: null };
  }
  let claims: Record<string, unknown>;
  try {
    claims = (await verifyJwt(token, keys)) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired') {
      const exp = expOf(token);
      const ago = exp === null ? 0 : Math.max(0, Math.floor(Date.now() / 1000) - exp);
      throw new ChannelAuthError(`Token has expired ${ago} seconds ago`);
    }
    if (err instanceof JwtError && (err.reason === 'invalid_signature' || err.reason === 'unknown_key'))
      throw new ChannelAuthError('Failed to validate JWT signature');
    throw new ChannelAuthError(err instanceof Error ? `Invalid JWT: ${err.message}` : 'Invalid JWT');
  }
  const { role, exp } = claims;
  if (typeof role !== 'string' || typeof exp !== 'number')
    throw new ChannelAuthError('Fields `role` and `exp` are required in JWT');
  if (!ROLES.has(role)) throw new ChannelAuthError(`Role ${role} cannot use Realtime in the local stack`);
  return { role: role as ChannelAuth['role'], claims, exp };
}

function expOf(token: string): number | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}
