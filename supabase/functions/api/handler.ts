// The public REST API (issue 14, docs/api.md): /functions/v1/api/v1/… for an organisation's own
// systems, authenticated by one of its API keys (Settings → Security), never by a Supabase JWT
// ([functions.api] verify_jwt = false in supabase/config.toml).
//
// One request:
//   1. the route (routes.ts): unknown path 404, wrong method 405;
//   2. the key: `Authorization: Bearer nzl_…`. Its SHA-256 (or nothing, for a missing or
//      malformed key) goes with the client's address to api_gate() (service role): an address
//      with 30 requests without a valid key in five minutes is refused first (429
//      too_many_requests with Retry-After, whatever it sends); an unknown or revoked key is
//      counted against the address and refused (401); a valid key is counted in its one-minute
//      window in the database (so the limit holds across function instances; 429 rate_limited
//      with Retry-After over 60) and last_used_at is stamped at most once a minute;
//   3. the query or body (params.ts): 400 / 422 naming the fields;
//   4. POST /v1/bookings with an Idempotency-Key runs at most once per key and body
//      (idempotency.ts): a replay gets the first answer, another body 422;
//   5. the api_* SQL function of the route, again with the key's hash: it derives the
//      organisation from the key itself and reads or writes only that organisation's rows, so
//      nothing this function sends can reach another organisation (another organisation's id is
//      404, as a missing one). Bookings and guests are written through their tables' triggers and
//      constraints: the app's rules, the double-booking exclusion among them, apply unchanged.
// The key itself never reaches the database, only its hash.
import { serviceRest, type Env } from '../_shared/service.ts';
import { clientAddress } from './client-address.ts';
import { ApiError, errorResponse, fromDatabase, jsonResponse } from './errors.ts';
import { sha256Hex } from './hash.ts';
import { idempotencyKeyOf, idempotent, requestHash, type Begin, type IdempotencyStore } from './idempotency.ts';
import { OPENAPI } from './openapi.ts';
import {
  createBookingSchema,
  createClientSchema,
  encodeCursor,
  isUuid,
  Query,
  readBody,
  type Resource,
} from './params.ts';
import { matchRoute, type OperationId } from './routes.ts';

export interface ApiDeps {
  env: Env;
  fetch: typeof fetch;
}

/** What create_api_key() hands out: `nzl_` and 64 hex digits. Anything else is refused without a lookup. */
const KEY_SHAPE = /^nzl_[0-9a-f]{64}$/;
const AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="nuzl-api"' };

export { sha256Hex };

/** The key in `Authorization: Bearer <key>`; 401 when missing or not shaped like one of ours. */
export function presentedKey(req: Request): string {
  const header = req.headers.get('authorization')?.trim() ?? '';
  if (!header) {
    throw new ApiError(
      401,
      'missing_api_key',
      'Send your API key as "Authorization: Bearer <key>"',
      undefined,
      AUTHENTICATE,
    );
  }
  const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!key || !KEY_SHAPE.test(key)) {
    throw new ApiError(401, 'invalid_api_key', 'The API key is invalid or has been revoked', undefined, AUTHENTICATE);
  }
  return key;
}

/** The path inside the function: `/functions/v1/api/v1/units` and `/api/v1/units` are both `/v1/units`. */
export function innerPath(pathname: string): string | null {
  const match = /^(?:\/functions\/v1)?\/api(\/.*)?$/.exec(pathname);
  return match ? (match[1] ?? '/') : null;
}

/** api_gate()'s answer: the address limit, then the key and its own limit. */
type Gate =
  | { outcome: 'address_limited'; retry_after: number; limit: number }
  | { outcome: 'invalid' }
  | ({ outcome: 'ok' } & Authenticated);

interface Authenticated {
  allowed: boolean;
  limit: number;
  remaining: number;
  reset_seconds: number;
}

interface Page {
  data: unknown[];
  next: { k: unknown; id: unknown } | null;
}

export function createApiHandler(deps: ApiDeps): (req: Request) => Promise<Response> {
  const rest = serviceRest(deps.env, deps.fetch);

  async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      response = await rest(`rpc/${name}`, { method: 'POST', body: JSON.stringify(args) });
    } catch (error) {
      console.error(`api: ${name} unreachable:`, error);
      throw new ApiError(503, 'unavailable', 'The service is unavailable; try again shortly', undefined, {
        'Retry-After': '5',
      });
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return body as T;
    const refusal = fromDatabase(response.status, body);
    if (refusal.status >= 500) console.error(`api: ${name} failed: ${response.status}`, body);
    throw refusal;
  }

  /** The idempotency keys of one API key, kept in the database (api_idempotency_*). */
  function idempotencyStore(keyHash: string): IdempotencyStore {
    return {
      begin: (key, hash) =>
        rpc<Begin>('api_idempotency_begin', { key_hash: keyHash, idempotency_key: key, request_hash: hash }),
      finish: (key, status, body) =>
        rpc('api_idempotency_finish', { key_hash: keyHash, idempotency_key: key, status, body }),
      release: (key) => rpc('api_idempotency_release', { key_hash: keyHash, idempotency_key: key }),
    };
  }

  /** The public address of this function, for `next` links (SUPABASE_URL is the project's). */
  function baseUrl(req: Request): string {
    const project = deps.env('SUPABASE_URL')?.replace(/\/+$/, '');
    return project ? `${project}/functions/v1/api` : `${new URL(req.url).origin}/api`;
  }

  function listResponse(
    req: Request,
    url: URL,
    path: string,
    resource: Resource,
    page: Page,
    headers: Record<string, string>,
  ) {
    let next: string | null = null;
    let nextCursor: string | null = null;
    if (page.next) {
      nextCursor = encodeCursor(resource, page.next);
      const query = new URLSearchParams(url.searchParams);
      query.set('cursor', nextCursor);
      next = `${baseUrl(req)}${path}?${query}`;
    }
    return jsonResponse(200, { data: page.data, next_cursor: nextCursor, next }, headers);
  }

  async function serve(
    operation: OperationId,
    req: Request,
    url: URL,
    path: string,
    id: string | undefined,
    keyHash: string,
    headers: Record<string, string>,
  ): Promise<Response> {
    const notFound = (code: string, what: string) => new ApiError(404, code, `This ${what} was not found`);
    const q = (allowed: readonly string[]) => new Query(url.searchParams, allowed);
    switch (operation) {
      case 'listUnits': {
        const query = q(['limit', 'cursor', 'active']);
        const page = await rpc<Page>('api_units', {
          key_hash: keyHash,
          page_size: query.limit(),
          after: query.cursor('units'),
          active: query.boolean('active'),
        });
        return listResponse(req, url, path, 'units', page, headers);
      }
      case 'getUnit': {
        q([]);
        if (!id || !isUuid(id)) throw notFound('unit_not_found', 'unit');
        return jsonResponse(200, await rpc('api_unit', { key_hash: keyHash, unit_id: id }), headers);
      }
      case 'getUnitAvailability': {
        const query = q(['from', 'to']);
        if (!id || !isUuid(id)) throw notFound('unit_not_found', 'unit');
        const { from, to } = query.range(true);
        const answer = await rpc('api_unit_availability', {
          key_hash: keyHash,
          unit_id: id,
          from_date: from,
          to_date: to,
        });
        return jsonResponse(200, answer, headers);
      }
      case 'listBookings': {
        const query = q(['limit', 'cursor', 'status', 'unit_id', 'client_id', 'from', 'to']);
        const { from, to } = query.range(false);
        const page = await rpc<Page>('api_bookings', {
          key_hash: keyHash,
          page_size: query.limit(),
          after: query.cursor('bookings'),
          statuses: query.statuses(),
          unit_id: query.uuid('unit_id'),
          client_id: query.uuid('client_id'),
          from_date: from,
          to_date: to,
        });
        return listResponse(req, url, path, 'bookings', page, headers);
      }
      case 'getBooking': {
        q([]);
        if (!id || !isUuid(id)) throw notFound('booking_not_found', 'booking');
        return jsonResponse(200, await rpc('api_booking', { key_hash: keyHash, booking_id: id }), headers);
      }
      case 'createBooking': {
        q([]);
        const location = (body: unknown): Record<string, string> => {
          const id = (body as { id?: unknown } | null)?.id;
          return typeof id === 'string' ? { Location: `${baseUrl(req)}/v1/bookings/${id}` } : {};
        };
        const create = async () => {
          const booking = await readBody(req, createBookingSchema);
          const created = await rpc<{ id: string }>('api_create_booking', { key_hash: keyHash, booking });
          return { status: 201, body: created as unknown };
        };
        const idempotencyKey = idempotencyKeyOf(req);
        if (idempotencyKey === null) {
          const { status, body } = await create();
          return jsonResponse(status, body, { ...headers, ...location(body) });
        }
        const hash = await requestHash(await req.clone().text());
        const answer = await idempotent(idempotencyStore(keyHash), idempotencyKey, hash, create);
        const replayed: Record<string, string> = answer.replayed ? { 'Idempotent-Replayed': 'true' } : {};
        const where = answer.status === 201 ? location(answer.body) : {};
        return jsonResponse(answer.status, answer.body, { ...headers, ...where, ...replayed });
      }
      case 'listClients': {
        const query = q(['limit', 'cursor', 'email', 'phone']);
        const page = await rpc<Page>('api_clients', {
          key_hash: keyHash,
          page_size: query.limit(),
          after: query.cursor('clients'),
          email: query.text('email'),
          phone: query.text('phone'),
        });
        return listResponse(req, url, path, 'clients', page, headers);
      }
      case 'getClient': {
        q([]);
        if (!id || !isUuid(id)) throw notFound('client_not_found', 'guest');
        return jsonResponse(200, await rpc('api_client', { key_hash: keyHash, client_id: id }), headers);
      }
      case 'createClient': {
        q([]);
        const client = await readBody(req, createClientSchema);
        const created = await rpc<{ id: string }>('api_create_client', { key_hash: keyHash, client });
        return jsonResponse(201, created, { ...headers, Location: `${baseUrl(req)}/v1/clients/${created.id}` });
      }
      case 'getOpenApi':
        return jsonResponse(200, OPENAPI);
    }
  }

  /**
   * The key's hash once api_gate() let it in. A missing, malformed, unknown or revoked key counts
   * against the client's address (401 as before); an address over its limit gets 429.
   */
  async function authenticate(req: Request): Promise<Authenticated & { keyHash: string }> {
    let keyHash: string | null = null;
    let refusal: ApiError | null = null;
    try {
      keyHash = await sha256Hex(presentedKey(req));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refusal = error;
    }
    const gate = await rpc<Gate>('api_gate', { key_hash: keyHash, client_address: clientAddress(req) });
    if (gate.outcome === 'address_limited') {
      throw new ApiError(
        429,
        'too_many_requests',
        `Too many requests without a valid API key from this address; try again in ${gate.retry_after} s`,
        undefined,
        { 'Retry-After': String(gate.retry_after) },
      );
    }
    if (gate.outcome === 'invalid' || keyHash === null) {
      throw (
        refusal ??
        new ApiError(401, 'invalid_api_key', 'The API key is invalid or has been revoked', undefined, AUTHENTICATE)
      );
    }
    return { ...gate, keyHash };
  }

  return async (req) => {
    let limitHeaders: Record<string, string> = {};
    try {
      const url = new URL(req.url);
      const path = innerPath(url.pathname);
      const match = path === null ? ({ kind: 'not_found' } as const) : matchRoute(req.method, path);
      if (match.kind === 'not_found')
        throw new ApiError(404, 'not_found', 'There is no such endpoint; see /functions/v1/api/openapi.json');
      if (match.kind === 'method_not_allowed') {
        throw new ApiError(405, 'method_not_allowed', `Use ${match.allow.join(' or ')}`, undefined, {
          Allow: match.allow.join(', '),
        });
      }
      const { route, params } = match;
      if (!route.auth) {
        return jsonResponse(200, OPENAPI, {
          'Cache-Control': 'public, max-age=300',
          'Access-Control-Allow-Origin': '*',
        });
      }
      const auth = await authenticate(req);
      const keyHash = auth.keyHash;
      limitHeaders = {
        'X-RateLimit-Limit': String(auth.limit),
        'X-RateLimit-Remaining': String(auth.remaining),
        'X-RateLimit-Reset': String(auth.reset_seconds),
      };
      if (!auth.allowed) {
        throw new ApiError(
          429,
          'rate_limited',
          `Too many requests: at most ${auth.limit} a minute per API key; try again in ${auth.reset_seconds} s`,
          undefined,
          { 'Retry-After': String(auth.reset_seconds) },
        );
      }
      return await serve(route.operationId, req, url, path!, params.id, keyHash, limitHeaders);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, limitHeaders);
      console.error('api: unexpected failure:', error);
      return errorResponse(
        new ApiError(500, 'internal_error', 'Something went wrong on our side; try again later'),
        limitHeaders,
      );
    }
  };
}
