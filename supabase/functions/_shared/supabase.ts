// How a function reaches the database: as the service role (privileged writes the browser may not
// make) and as the caller (their JWT, so row-level security and the caller's own RPCs decide).
// `env` is injected so handlers can be tested without Deno.env. The npm version is pinned to the
// one in package.json: the local runner resolves `npm:` from node_modules; hosted Supabase fetches it.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { Env } from './service.ts';

export type { SupabaseClient };

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** A value of the SUPABASE_*_KEYS JSON objects ({"default": "sb_…"}), if any. */
function keyFrom(env: Env, name: string): string | undefined {
  try {
    const keys = JSON.parse(env(name) ?? '{}') as Record<string, string>;
    return keys.default ?? Object.values(keys)[0];
  } catch {
    return undefined;
  }
}

export interface SupabaseClients {
  /** The project's URL without a trailing slash. */
  url(): string;
  /** One service-role client per function instance. */
  serviceDb(): SupabaseClient;
  /** A client acting as the caller: their JWT in Authorization, the public key as apikey. */
  callerDb(accessToken: string): SupabaseClient;
}

export function supabaseClients(env: Env): SupabaseClients {
  const url = () => {
    const value = env('SUPABASE_URL');
    if (!value) throw new Error('SUPABASE_URL is not set');
    return value.replace(/\/+$/, '');
  };
  let service: SupabaseClient | null = null;
  return {
    url,
    serviceDb() {
      const key = env('SUPABASE_SERVICE_ROLE_KEY') ?? keyFrom(env, 'SUPABASE_SECRET_KEYS');
      if (!key) throw new Error('No service key (SUPABASE_SERVICE_ROLE_KEY or SUPABASE_SECRET_KEYS) is set');
      service ??= createClient(url(), key, clientOptions);
      return service;
    },
    callerDb(accessToken) {
      const key = env('SUPABASE_ANON_KEY') ?? keyFrom(env, 'SUPABASE_PUBLISHABLE_KEYS');
      if (!key) throw new Error('No public key (SUPABASE_ANON_KEY or SUPABASE_PUBLISHABLE_KEYS) is set');
      return createClient(url(), key, {
        ...clientOptions,
        global: { headers: { Authorization: `Bearer ${accessToken}` } },
      });
    },
  };
}

/**
 * The claims of a JWT, unverified: only to tell a session from a key before the database (which
 * verifies the signature) answers. Null when it is not a JWT.
 */
export function jwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const text = atob(
      parts[1]!
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(parts[1]!.length / 4) * 4, '='),
    );
    const payload = JSON.parse(new TextDecoder().decode(Uint8Array.from(text, (c) => c.charCodeAt(0))));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
