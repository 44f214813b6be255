/**
 * The API gateway: what Kong does in front of a Supabase project (docs/local-stack.md, "The gateway"), on one port.
 * - CORS on every response; preflight OPTIONS answered before any key check.
 * - `apikey` (header or query) or `Authorization: Bearer sb_…` → role; missing or unknown → 401.
 * - Authorization for upstream: a real user JWT wins; otherwise the legacy JWT of the key's
 *   role (what Kong injects for sb_ keys), so PostgREST always gets a JWT it can verify.
 * - `/rest/v1` is proxied to PostgREST with streamed bodies; `/auth/v1`, `/storage/v1`,
 *   `/functions/v1` go to in-process `Service`s as web `Request`s with the prefix stripped.
 * - A response sent before the request body was read to its end (an upload refused early)
 *   closes the connection instead of reading the rest of the body (request-body.ts).
 * - Client address (client-address.ts): client-sent `cf-connecting-ip` / `x-real-ip` /
 *   `x-forwarded-for` are dropped and all three set to the TCP peer, as Cloudflare does in
 *   front of hosted Supabase; services also get the peer in their context.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Readable, type Duplex } from 'node:stream';
import { clientAddressHeaders, isClientAddressHeader, isLoopback, normalisePeerAddress } from './client-address';
import { jwtForRole, roleForApiKey } from './keys';
import { guardOutbox, OUTBOX_HEADERS } from './outbox-guard';
import { bodyStream, closeAfterResponse } from './request-body';
import type { Service, StackKeys } from './types';

export const CORS_ALLOW_HEADERS =
  'apikey, authorization, x-client-info, content-type, prefer, accept, accept-profile, content-profile, range, range-unit, x-upsert, x-metadata, cache-control, x-supabase-api-version, x-retry-count, x-region';
export const CORS_EXPOSE_HEADERS =
  'Content-Range, Range-Unit, Content-Location, Location, Content-Type, Content-Length, Content-Disposition, ETag, Last-Modified, Preference-Applied, Proxy-Status, X-Total-Count, Link, X-Supabase-Api-Version, x-sb-error-code';
const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

export type ServiceName = 'auth' | 'storage' | 'functions' | 'realtime';

export interface GatewayOptions {
  keys: StackKeys;
  /** Base URL of PostgREST (e.g. http://127.0.0.1:41234). */
  postgrestUrl: () => string;
  services: Partial<Record<ServiceName, Service | Promise<Service | null> | null>>;
  /** The local outbox page/API (no key needed: a developer tool, never on hosted). */
  outbox?: { handle(req: Request): Promise<Response> };
  /**
   * Other developer tools under their own path prefix (the ZATCA sandbox and its page): no key,
   * no CORS, served to this machine only like the outbox; the prefix is stripped.
   */
  tools?: Array<{ prefix: string; name: string; handle(req: Request): Promise<Response> }>;
  /**
   * Pages a provider hosts for the payer (the payment gateway's hosted checkout): the browser
   * navigates to them from the app (another origin) and posts their form, so no same-origin
   * check, but still served to this machine only; no key, no CORS; the prefix is stripped.
   */
  hostedPages?: Array<{ prefix: string; handle(req: Request): Promise<Response> }>;
  /**
   * WebSocket upgrades (the Realtime server at /realtime/v1/websocket): the handler takes the
   * socket and returns true, or returns false and the upgrade is refused with 404.
   */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  port: number;
  host?: string;
}

export interface Gateway {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': typeof req.headers.origin === 'string' ? req.headers.origin : '*',
    'access-control-expose-headers': CORS_EXPOSE_HEADERS,
    vary: 'Origin',
  };
}

function sendJson(
  res: ServerResponse,
  req: IncomingMessage,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...corsHeaders(req),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...closeAfterResponse(req),
    ...extra,
  });
  res.end(text);
}

/** The key a request carries, as Kong reads it: `apikey` header, `apikey` query param, or `Bearer sb_…`. */
export function apiKeyOf(headers: IncomingMessage['headers'], url: URL): string | null {
  const header = headers.apikey;
  if (typeof header === 'string' && header) return header;
  const query = url.searchParams.get('apikey');
  if (query) return query;
  const auth = headers.authorization;
  if (typeof auth === 'string' && /^Bearer sb_/i.test(auth)) return auth.slice(7).trim();
  return null;
}

/** Authorization to forward: a non-sb_ bearer (a user JWT, or a legacy key) as sent; else the role's legacy JWT. */
export function upstreamAuthorization(
  authorization: string | undefined,
  role: 'anon' | 'service_role',
  keys: StackKeys,
): string {
  if (authorization && !/^Bearer sb_/i.test(authorization)) return authorization;
  return `Bearer ${jwtForRole(role, keys)}`;
}

const PREFIXES: Array<[string, ServiceName | 'rest']> = [
  ['/rest/v1', 'rest'],
  ['/auth/v1', 'auth'],
  ['/storage/v1', 'storage'],
  ['/functions/v1', 'functions'],
  ['/realtime/v1', 'realtime'],
];

function route(pathname: string): { name: ServiceName | 'rest'; rest: string } | null {
  for (const [prefix, name] of PREFIXES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`))
      return { name, rest: pathname.slice(prefix.length) || '/' };
  }
  return null;
}

function toWebRequest(req: IncomingMessage, url: URL, headers: Headers): Request {
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    // Required by Node's fetch implementation for streamed request bodies.
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit & { duplex?: 'half' });
}

async function sendWebResponse(
  res: ServerResponse,
  req: IncomingMessage,
  response: Response,
  cors: 'cors' | 'no-cors' = 'cors',
) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, {
    ...headers,
    ...(cors === 'cors' ? corsHeaders(req) : {}),
    ...closeAfterResponse(req),
  });
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  body.on('error', () => res.destroy());
  body.pipe(res);
}

// Keep-alive to PostgREST: a fresh TCP connection per request costs more than the query.
const upstreamAgent = new Agent({ keepAlive: true, maxSockets: 16 });

function proxyToPostgrest(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  path: string,
  authorization: string,
) {
  const headers: IncomingMessage['headers'] = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!isClientAddressHeader(name)) headers[name] = value;
  }
  Object.assign(headers, clientAddressHeaders(peerOf(req)), { authorization });
  delete headers.apikey;
  delete headers.host;
  delete headers.connection;
  const upstream = httpRequest(new URL(path, target), { method: req.method, headers, agent: upstreamAgent }, (up) => {
    const out: Record<string, string | string[] | number | undefined> = { ...up.headers, ...corsHeaders(req) };
    res.writeHead(up.statusCode ?? 502, out);
    up.pipe(res);
  });
  upstream.on('error', (err) => {
    if (res.headersSent) res.destroy(err);
    else
      sendJson(res, req, 503, {
        code: 'PGRST000',
        message: 'Data API is not reachable',
        details: err.message,
        hint: null,
      });
  });
  req.pipe(upstream);
}

export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const { keys } = opts;
  const port = () => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : opts.port;
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) res.destroy(err as Error);
      else sendJson(res, req, 500, { message: 'Internal gateway error', details: (err as Error).message });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    // The outbox holds sign-in codes: no CORS, same-origin loopback callers only (outbox-guard.ts).
    if (url.pathname === '/_local/outbox' || url.pathname.startsWith('/_local/outbox/')) {
      const refusal = guardOutbox(req, peerOf(req), port());
      if (refusal) return sendWebResponse(res, req, refusal, 'no-cors');
      const answer = opts.outbox
        ? await opts.outbox.handle(toWebRequest(req, outboxUrl(url), headersOf(req)))
        : Response.json({ message: 'The outbox is not available in this stack' }, { status: 503 });
      for (const [name, value] of Object.entries(OUTBOX_HEADERS)) answer.headers.set(name, value);
      return sendWebResponse(res, req, answer, 'no-cors');
    }
    const tool = opts.tools?.find((t) => url.pathname === t.prefix || url.pathname.startsWith(`${t.prefix}/`));
    if (tool) {
      const refusal = guardOutbox(req, peerOf(req), port(), tool.name);
      if (refusal) return sendWebResponse(res, req, refusal, 'no-cors');
      const forwarded = new URL(url);
      forwarded.pathname = url.pathname.slice(tool.prefix.length) || '/';
      const answer = await tool.handle(toWebRequest(req, forwarded, headersOf(req)));
      for (const [name, value] of Object.entries(OUTBOX_HEADERS)) answer.headers.set(name, value);
      return sendWebResponse(res, req, answer, 'no-cors');
    }
    const hosted = opts.hostedPages?.find((p) => url.pathname.startsWith(`${p.prefix}/`));
    if (hosted) {
      if (!isLoopback(peerOf(req))) {
        return sendJson(res, req, 403, { message: 'The local provider pages are only served to this machine' });
      }
      const forwarded = new URL(url);
      forwarded.pathname = url.pathname.slice(hosted.prefix.length) || '/';
      return sendWebResponse(res, req, await hosted.handle(toWebRequest(req, forwarded, headersOf(req))), 'no-cors');
    }
    if (req.method === 'OPTIONS') {
      const requested = req.headers['access-control-request-headers'];
      res.writeHead(200, {
        ...corsHeaders(req),
        'access-control-allow-methods': CORS_METHODS,
        'access-control-allow-headers': typeof requested === 'string' && requested ? requested : CORS_ALLOW_HEADERS,
        'access-control-max-age': '86400',
        'content-length': '0',
      });
      res.end();
      return;
    }

    const target = route(url.pathname);
    if (!target) return sendJson(res, req, 404, { message: 'no Route matched with those values' });

    const key = apiKeyOf(req.headers, url);
    const keyless =
      (target.name === 'storage' && isKeylessStorageRead(req.method, target.rest)) ||
      (target.name === 'auth' && isKeylessAuthPath(target.rest)) ||
      // Kong has no key-auth on functions: webhooks and calendar feeds call them without a key,
      // and each function's verify_jwt decides.
      target.name === 'functions';
    if (!key && keyless) {
      // Public and signed object URLs need no key (hosted too: an <img src> sends none), nor do
      // Kong's open auth routes: e-mail links (/verify), OAuth callbacks and the JWKS.
      const service = await opts.services[target.name as 'storage' | 'auth' | 'functions'];
      if (service) {
        const forwarded = new URL(url);
        forwarded.pathname = target.rest;
        return sendWebResponse(
          res,
          req,
          await service.handle(toWebRequest(req, forwarded, headersOf(req)), {
            apikeyRole: null,
            clientAddress: peerOf(req),
          }),
        );
      }
    }
    if (!key) {
      return sendJson(res, req, 401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    const role = roleForApiKey(key, keys);
    if (!role) {
      return sendJson(res, req, 401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    }

    if (target.name === 'rest') {
      const authorization = upstreamAuthorization(req.headers.authorization, role, keys);
      // Kong's key-auth runs with hide_credentials: the key never reaches PostgREST (where a
      // stray `apikey` query parameter would read as a filter or an RPC argument).
      const query = new URLSearchParams(url.search);
      query.delete('apikey');
      const search = url.searchParams.has('apikey') ? (query.size ? `?${query.toString()}` : '') : url.search;
      const upstream = opts.postgrestUrl();
      if (!upstream)
        return sendJson(res, req, 503, {
          code: 'PGRST000',
          message: 'The Data API is starting',
          details: null,
          hint: 'Retry in a moment.',
        });
      return proxyToPostgrest(req, res, upstream, `${target.rest}${search}`, authorization);
    }

    const service = await opts.services[target.name];
    if (!service) {
      return sendJson(res, req, 503, {
        code: 'service_unavailable',
        message: `The ${target.name} service is not available in this local stack yet`,
      });
    }
    const forwarded = new URL(url);
    forwarded.pathname = target.rest;
    const response = await service.handle(toWebRequest(req, forwarded, headersOf(req)), {
      apikeyRole: role,
      clientAddress: peerOf(req),
    });
    return sendWebResponse(res, req, response);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (opts.upgrade?.(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const listening = port();
  return {
    server,
    port: listening,
    url: `http://127.0.0.1:${listening}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The CLI's kong.yml `auth-v1-open*` routes. */
function isKeylessAuthPath(path: string): boolean {
  return /^\/(verify|callback|authorize|\.well-known\/jwks\.json)$/.test(path);
}

/** Storage reads that carry their own authority: public buckets and signed-URL tokens. */
function isKeylessStorageRead(method: string | undefined, path: string): boolean {
  // A signed upload URL's token is its authority too.
  if (method === 'PUT') return path.startsWith('/object/upload/sign/');
  return (method === 'GET' || method === 'HEAD') && /^\/(object|render\/image)\/(public|sign)\//.test(path);
}

/** The outbox's own path: `/_local/outbox/page` → `/page`. */
function outboxUrl(url: URL): URL {
  const forwarded = new URL(url);
  forwarded.pathname = url.pathname.slice('/_local/outbox'.length) || '/';
  return forwarded;
}

/** The request's TCP peer, as the client-address headers carry it upstream. */
function peerOf(req: IncomingMessage): string {
  return normalisePeerAddress(req.socket.remoteAddress);
}

/** Headers for an in-process service: hop-by-hop and client-sent address headers dropped, the peer's set. */
function headersOf(req: IncomingMessage): Headers {
  const h = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    const lower = name.toLowerCase();
    if (lower === 'host' || lower === 'connection' || lower === 'transfer-encoding' || lower === 'keep-alive') continue;
    if (isClientAddressHeader(lower)) continue;
    h.append(name, req.rawHeaders[i + 1] as string);
  }
  for (const [name, value] of Object.entries(clientAddressHeaders(peerOf(req)))) h.set(name, value);
  return h;
}
