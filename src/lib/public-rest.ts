/**
 * Requests a visitor's page makes to PostgREST without supabase-js (issue 12).
 *
 * The public entry points (`/`, `/login`, `/org/<slug>`) must paint before supabase-js,
 * react-query and zod have downloaded: together they are ~80 KB gzipped, almost the whole
 * first-paint budget. A visitor needs no session, so these calls send only the anon key,
 * exactly what supabase-js would send for a signed-out user, and RLS decides as it does there.
 *
 * Signed-in screens keep using `lib/supabase.ts` and `lib/fetch.ts`.
 */

/** A refusal or failure of a public request, with what the caller needs to pick a message. */
export class PublicRestError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never reached the server (offline, DNS, CORS). */
    readonly status: number,
    /** PostgREST / Postgres code (`P0001`, `PGRST116`, `23505` …) or our stable code from the hint. */
    readonly code: string | null,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = 'PublicRestError';
  }

  /** True when the browser never got an answer: "Network error", and the form keeps its values. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

interface PublicRestConfig {
  url: string;
  anonKey: string;
}

/** The build's public values (the same ones `config/env.ts` validates for the app). */
export function publicRestConfig(): PublicRestConfig {
  const url = String(import.meta.env.VITE_SUPABASE_URL ?? '').replace(/\/+$/, '');
  const anonKey = String(import.meta.env.VITE_SUPABASE_ANON_KEY ?? '');
  if (!url || !anonKey) throw new PublicRestError('Nuzl is not configured', 0, 'not_configured');
  return { url, anonKey };
}

export interface PublicRequestOptions {
  signal?: AbortSignal;
  config?: PublicRestConfig;
  fetchImpl?: typeof fetch;
}

async function send<T>(path: string, init: RequestInit, options: PublicRequestOptions): Promise<T> {
  const config = options.config ?? publicRestConfig();
  const doFetch = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${config.url}/rest/v1/${path}`, {
      ...init,
      signal: options.signal,
      headers: {
        apikey: config.anonKey,
        Authorization: `Bearer ${config.anonKey}`,
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new PublicRestError(error instanceof Error ? error.message : 'Network error', 0, null);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's HTML error page): the status alone tells what happened.
    body = null;
  }
  if (!response.ok) {
    const failure = (body ?? {}) as { message?: string; code?: string; details?: string; hint?: string };
    throw new PublicRestError(
      failure.message ?? `HTTP ${response.status}`,
      response.status,
      failure.code ?? null,
      failure.details ?? null,
      failure.hint ?? null,
    );
  }
  return body as T;
}

/** `POST /rest/v1/rpc/<fn>` as the anon role; the function's JSON answer. */
export function callPublicRpc<T>(fn: string, args: Record<string, unknown>, options: PublicRequestOptions = {}) {
  return send<T>(`rpc/${encodeURIComponent(fn)}`, { method: 'POST', body: JSON.stringify(args) }, options);
}

/** `GET /rest/v1/<table>?<query>` as the anon role (RLS decides which rows). */
export function selectPublic<T>(table: string, query: string, options: PublicRequestOptions = {}) {
  return send<T[]>(`${encodeURIComponent(table)}?${query}`, { method: 'GET' }, options);
}
