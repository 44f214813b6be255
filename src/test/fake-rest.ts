import { vi } from 'vitest';

/**
 * A stand-in for the Supabase HTTP API under the real supabase-js client: `fetch` is replaced,
 * so a test sees the requests the app really sends and answers them as PostgREST would.
 * Restore with `vi.unstubAllGlobals()`.
 */
export interface RestCall {
  method: string;
  /** The path after /rest/v1/ (`tasks`, `rpc/list_bookings`), without the query string. */
  path: string;
  url: URL;
  body: unknown;
}

export type RestAnswer = (call: RestCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function stubRest(answer: RestAnswer): RestCall[] {
  const calls: RestCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = (init.method ?? 'GET').toUpperCase();
      const text = typeof init.body === 'string' ? init.body : '';
      const call: RestCall = {
        method,
        path: url.pathname.replace(/^.*\/rest\/v1\//, ''),
        url,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
