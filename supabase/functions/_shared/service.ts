// What the functions the database calls (pg_net with the service key: contact-notify,
// guest-notify) share: knowing that the caller holds a service key, and reaching PostgREST as the
// service role. `env` is injected so handlers can be tested without Deno.env.

import { corsHeaders } from './cors.ts';

export type Env = (name: string) => string | undefined;

/** A UUID as the database writes it (the ids these functions are called with). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A JSON answer that no cache keeps, with the CORS headers. */
export function answer(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

/** Constant-time comparison of two strings (keys). */
export function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Every key that acts as the service role (the legacy JWT and the new secret keys). */
export function serviceKeys(env: Env): string[] {
  const keys = [env('SUPABASE_SERVICE_ROLE_KEY')];
  try {
    keys.push(...Object.values(JSON.parse(env('SUPABASE_SECRET_KEYS') ?? '{}') as Record<string, string>));
  } catch {
    // no secret keys
  }
  return keys.filter((k): k is string => typeof k === 'string' && k.length > 0);
}

/** True when the request carries a service key (Authorization: Bearer, or apikey). */
export function isServiceCaller(req: Request, env: Env): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec((req.headers.get('authorization') ?? '').trim())?.[1] ?? null;
  const presented = bearer ?? req.headers.get('apikey');
  return presented !== null && presented !== '' && serviceKeys(env).some((key) => sameSecret(key, presented));
}

/** PostgREST (`/rest/v1/<path>`) as the service role. */
export function serviceRest(env: Env, fetcher: typeof fetch = fetch) {
  return async (path: string, init: RequestInit = {}): Promise<Response> => {
    const url = env('SUPABASE_URL');
    const key = serviceKeys(env)[0];
    if (!url || !key) throw new Error('SUPABASE_URL or the service key is not set');
    const headers: Record<string, string> = { apikey: key, 'Content-Type': 'application/json' };
    // A new-style secret key (sb_secret_…) is no JWT and goes in apikey only.
    if (key.split('.').length === 3) headers.Authorization = `Bearer ${key}`;
    return await fetcher(`${url.replace(/\/+$/, '')}/rest/v1/${path}`, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
    });
  };
}

/** The value of an environment variable, or undefined when unset or empty. */
export function denoEnv(name: string): string | undefined {
  const value = Deno.env.get(name);
  return value ? value : undefined;
}
