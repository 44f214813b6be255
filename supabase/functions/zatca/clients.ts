// The two ways the function reaches the database: as the service role (privileged writes: devices,
// chain, submissions, the private einvoices bucket) and as the caller (permission checks through
// RLS and the caller's own RPCs, with the caller's JWT).
import { createClient, type SupabaseClient } from './deps.ts';

export type { SupabaseClient };

function env(name: string): string | undefined {
  const value = Deno.env.get(name);
  return value ? value : undefined;
}

/** A value of the SUPABASE_*_KEYS JSON objects ({"default": "sb_…"}), if any. */
function keyFrom(name: string): string | undefined {
  try {
    const keys = JSON.parse(env(name) ?? '{}') as Record<string, string>;
    return keys.default ?? Object.values(keys)[0];
  } catch {
    return undefined;
  }
}

export function supabaseUrl(): string {
  const url = env('SUPABASE_URL');
  if (!url) throw new Error('SUPABASE_URL is not set');
  return url;
}

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

let service: SupabaseClient | null = null;
export function serviceClient(): SupabaseClient {
  const key = env('SUPABASE_SERVICE_ROLE_KEY') ?? keyFrom('SUPABASE_SECRET_KEYS');
  if (!key) throw new Error('No service key (SUPABASE_SERVICE_ROLE_KEY or SUPABASE_SECRET_KEYS) is set');
  service ??= createClient(supabaseUrl(), key, options);
  return service;
}

/** A client that acts as the caller: their JWT in Authorization, the public key as apikey. */
export function callerClient(accessToken: string): SupabaseClient {
  const key = env('SUPABASE_ANON_KEY') ?? keyFrom('SUPABASE_PUBLISHABLE_KEYS');
  if (!key) throw new Error('No public key (SUPABASE_ANON_KEY or SUPABASE_PUBLISHABLE_KEYS) is set');
  return createClient(supabaseUrl(), key, {
    ...options,
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
}
