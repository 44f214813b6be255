// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding, serveStatic, type StaticServer } from './static-server';

/** Raw GET (fetch would decompress and hide Content-Encoding). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const JS = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;
let dir: string;
let server: StaticServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'static-server-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'ar'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><h1>Home</h1>');
  await writeFile(path.join(dir, 'ar', 'index.html'), '<!doctype html><h1>الرئيسية</h1>');
  await writeFile(path.join(dir, 'assets', 'index-abc.js'), JS);
  await writeFile(path.join(dir, 'assets', 'font.woff2'), Buffer.from([1, 2, 3]));
  server = await serveStatic(dir);
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('*')).toBe('br');
  });
});

describe('serveStatic', () => {
  it('compresses by Accept-Encoding and caches hashed assets for a year', async () => {
    const br = await get(`${server.url}/assets/index-abc.js`, { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(JS);

    const gz = await get(`${server.url}/assets/index-abc.js`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(JS);

    const plain = await get(`${server.url}/assets/index-abc.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(JS);
  });

  it('does not compress fonts', async () => {
    const font = await get(`${server.url}/assets/font.woff2`, { 'Accept-Encoding': 'br' });
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['content-encoding']).toBeUndefined();
  });

  it('serves a directory index, falls back to index.html, 404s a missing file', async () => {
    const ar = await get(`${server.url}/ar`);
    expect(ar.body.toString()).toContain('الرئيسية');
    expect(ar.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    const spa = await get(`${server.url}/org/demo?lang=ar`);
    expect(spa.status).toBe(200);
    expect(spa.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(spa.body.toString()).toContain('Home');

    expect((await get(`${server.url}/assets/gone.js`)).status).toBe(404);
    expect((await get(`${server.url}/../../etc/passwd`)).status).toBe(200); // normalised to /etc/passwd → SPA
    expect((await get(`${server.url}/%2e%2e/%2e%2e/etc/passwd`)).body.toString()).toContain('Home');
  });
});
