/**
 * Serves a production build the way a static host does, for the web bench (issue 12): brotli or
 * gzip by Accept-Encoding (compressed once, at the hosts' usual maximum levels, and kept in
 * memory), content types by extension, a year's immutable cache for the hashed files under
 * /assets/ and revalidation for everything else, `/ar` → `ar/index.html` (or `ar.html`) when the
 * build has it, and the SPA fallback to `index.html` for any other path without a file extension.
 * A missing file with an extension (`/assets/gone.js`) is a 404, not the app's HTML.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.map', '.svg', '.xml', '.txt']);

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding a static host would pick: brotli when accepted, else gzip, else none (q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

interface Entry {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
}

/** The file a request path maps to, or null (then: SPA fallback or 404). */
async function resolveFile(root: string, pathname: string): Promise<string | null> {
  const rel = path.normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  const abs = path.join(root, rel);
  if (abs !== root && !abs.startsWith(root + path.sep)) return null;
  const candidates = [abs, path.join(abs, 'index.html'), `${abs.replace(/[/\\]$/, '')}.html`];
  for (const file of candidates) {
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) return file;
  }
  return null;
}

export interface StaticServer {
  url: string;
  server: Server | Http2SecureServer;
  close(): Promise<void>;
}

export async function serveStatic(
  root: string,
  opts: { port?: number; host?: string; tls?: { key: string; cert: string } } = {},
): Promise<StaticServer> {
  const dir = path.resolve(root);
  const cache = new Map<string, Entry>();
  const load = async (file: string): Promise<Entry> => {
    const known = cache.get(file);
    if (known) return known;
    const ext = path.extname(file).toLowerCase();
    const body = await readFile(file);
    const entry: Entry = { body, type: TYPES[ext] ?? 'application/octet-stream' };
    if (COMPRESSIBLE.has(ext)) {
      entry.br = brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      entry.gzip = gzipSync(body, { level: 9 });
    }
    cache.set(file, entry);
    return entry;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      let file = await resolveFile(dir, pathname);
      if (!file && !path.extname(pathname)) file = path.join(dir, 'index.html');
      const entry = file ? await load(file).catch(() => null) : null;
      if (!entry) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const encoding = entry.br ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
      const body = encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.body;
      const headers: Record<string, string | number> = {
        'Content-Type': entry.type,
        'Content-Length': body.length,
        'Cache-Control': pathname.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
        'X-Content-Type-Options': 'nosniff',
      };
      if (entry.br) headers.Vary = 'Accept-Encoding';
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(String(err));
    });
  };
  // With a certificate: HTTP/2 over TLS, as production hosts serve (one connection for every file).
  const server = opts.tls
    ? createSecureServer({ ...opts.tls, allowHTTP1: true }, handle as never)
    : createServer(handle);
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    url: `${opts.tls ? 'https' : 'http'}://${host}:${port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
