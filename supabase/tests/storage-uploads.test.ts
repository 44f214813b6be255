/**
 * Storage hardening (issue 10, item 9) through the gateway, as a browser or curl would hit it:
 * uploads are refused before their body is read when the size or the caller's permission says
 * no, and stream with a running count otherwise (chunked bodies too); in a bucket with
 * allowed_mime_types the content must be what its type says; files are served so that they can
 * never act as a page (nosniff, a sandboxing CSP, HTML as text); a NUL byte in a path is a 400.
 */
import { createHash, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let admin: SupabaseClient;
const run = randomUUID().slice(0, 8);
const small = `small-${run}`; // 1 KiB limit, any type
const medium = `medium-${run}`; // 4 MiB limit, any type, public
const images = `images-${run}`; // public, allowed_mime_types
const closed = `closed-${run}`; // private, no policies: only service_role writes

const MiB = 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9]);
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect/></svg>';
const HTML = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>';

beforeAll(async () => {
  stack = await createTestStack();
  admin = stack.client('service_role');
  const buckets: Array<[string, { public: boolean; fileSizeLimit?: number; allowedMimeTypes?: string[] }]> = [
    [small, { public: false, fileSizeLimit: 1024 }],
    [medium, { public: true, fileSizeLimit: 4 * MiB }],
    [images, { public: true, allowedMimeTypes: ['image/png', 'image/jpeg', 'image/svg+xml', 'text/plain'] }],
    [closed, { public: false }],
  ];
  for (const [id, options] of buckets) expect((await admin.storage.createBucket(id, options)).error).toBeNull();
});
afterAll(() => stack?.stop());

const headers = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });
const objectUrl = (bucket: string, name: string) => `${stack.apiUrl}/storage/v1/object/${bucket}/${name}`;

/** A lazily produced body of `total` bytes; `pulled()` tells how much the upload actually took. */
function lazyBody(total: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(MiB, total - pulled)).fill(120);
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

/** POST with a chunked body (no Content-Length): the size is only known by reading. */
async function chunkedUpload(bucket: string, name: string, key: string, total: number) {
  const body = lazyBody(total);
  const res = await fetch(objectUrl(bucket, name), {
    method: 'POST',
    headers: { ...headers(key), 'content-type': 'application/octet-stream' },
    body: body.stream,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  return { status: res.status, body: (await res.json()) as Record<string, string>, pulled: body.pulled() };
}

/** A multipart upload that announces `declared` bytes and sends them slowly; resolves at the response. */
function announcedMultipart(bucket: string, name: string, key: string, declared: number) {
  return new Promise<{ status: number; body: Record<string, string>; sent: number }>((resolve, reject) => {
    const boundary = 'nuzl-test-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    let sent = 0;
    let answered = false;
    const req = request(objectUrl(bucket, name), {
      method: 'POST',
      headers: {
        ...headers(key),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(declared),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sent }));
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    req.write(head);
    const pump = () => {
      if (answered || sent >= declared) return;
      sent += MiB;
      req.write(Buffer.alloc(MiB), () => setTimeout(pump, 5));
    };
    pump();
  });
}

describe('uploads are refused before the body is read', () => {
  it('stops a chunked upload at the bucket limit instead of reading all of it', async () => {
    const { status, body, pulled } = await chunkedUpload(small, 'big.bin', stack.serviceRoleKey, 64 * MiB);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(pulled).toBeLessThan(16 * MiB);
  });

  it('refuses a multipart upload whose Content-Length is over the limit at once', async () => {
    const { status, body, sent } = await announcedMultipart(medium, 'big.bin', stack.serviceRoleKey, 512 * MiB);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(sent).toBeLessThan(16 * MiB);
  });

  it("checks the caller's permission (RLS) before reading the body", async () => {
    const { status, body, pulled } = await chunkedUpload(closed, 'x.bin', stack.anonKey, 64 * MiB);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(pulled).toBeLessThan(16 * MiB);
    const dup = await admin.storage.from(closed).upload('taken.txt', 'first', { contentType: 'text/plain' });
    expect(dup.error).toBeNull();
    const again = await chunkedUpload(closed, 'taken.txt', stack.serviceRoleKey, 64 * MiB);
    expect(again.body).toMatchObject({ statusCode: '409' });
    expect(again.pulled).toBeLessThan(16 * MiB);
  });

  it('stores a chunked upload under the limit, counting and hashing it as it streams', async () => {
    const { status, body } = await chunkedUpload(medium, 'fits.bin', stack.serviceRoleKey, 3 * MiB + 5);
    expect(status).toBe(200);
    expect(body.Key).toBe(`${medium}/fits.bin`);
    const { data: info } = await admin.storage.from(medium).info('fits.bin');
    const md5 = createHash('md5')
      .update(Buffer.alloc(3 * MiB + 5, 120))
      .digest('hex');
    expect(info).toMatchObject({ size: 3 * MiB + 5, etag: `"${md5}"` });
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/public/${medium}/fits.bin`, {
      headers: { range: 'bytes=1048575-1048576' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1048575-1048576/${3 * MiB + 5}`);
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([120, 120]);
  });
});

describe('content must match the declared type in a bucket with allowed_mime_types', () => {
  const files = () => admin.storage.from(images);
  const refused = { statusCode: '415', message: expect.stringContaining('does not match') };

  it('refuses markup and other formats declared as an image', async () => {
    expect((await files().upload('page.png', HTML, { contentType: 'image/png' })).error).toMatchObject(refused);
    const svgAsPng = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
    expect((await files().upload('x.png', svgAsPng, { contentType: 'image/png' })).error).toMatchObject(refused);
    expect((await files().upload('jpeg.png', JPEG, { contentType: 'image/png' })).error).toMatchObject(refused);
    expect((await files().upload('page.svg', HTML, { contentType: 'image/svg+xml' })).error).toMatchObject(refused);
    const blob = new Blob([HTML], { type: 'image/jpeg' });
    expect((await files().upload('page.jpg', blob)).error).toMatchObject(refused);
    expect((await files().list()).data).toEqual([]);
  });

  it('accepts files that are what they say', async () => {
    expect((await files().upload('dot.png', new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    expect((await files().upload('dot.jpg', JPEG, { contentType: 'image/jpeg' })).error).toBeNull();
    expect((await files().upload('logo.svg', SVG, { contentType: 'image/svg+xml' })).error).toBeNull();
    expect((await files().upload('note.txt', 'hello', { contentType: 'text/plain' })).error).toBeNull();
  });
});

describe('serving user files', () => {
  it('serves an SVG so that its script cannot run, and every file with nosniff', async () => {
    const svg = await fetch(`${stack.apiUrl}/storage/v1/object/public/${images}/logo.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    expect(svg.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    const png = await fetch(`${stack.apiUrl}/storage/v1/object/public/${images}/dot.png`);
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await png.arrayBuffer())).toEqual(PNG);
  });

  it('serves HTML as plain text, as storage-api does', async () => {
    expect((await admin.storage.from(medium).upload('page.html', HTML, { contentType: 'text/html' })).error).toBeNull();
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/public/${medium}/page.html`);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await res.text()).toBe(HTML);
  });
});

describe('invalid object paths', () => {
  it('answers a NUL byte in a path or body with 400 and the Storage error shape, never 500', async () => {
    const key = headers(stack.serviceRoleKey);
    for (const [method, path] of [
      ['GET', `/object/${medium}/a%00b.txt`],
      ['DELETE', `/object/${medium}/a%00b.txt`],
      ['GET', `/object/public/${medium}/a%00b.txt`],
      ['GET', `/object/info/${medium}/a%00b.txt`],
      ['GET', `/bucket/a%00b`],
      ['GET', `/object/${medium}/%ED%A0%80`],
    ] as const) {
      const res = await fetch(`${stack.apiUrl}/storage/v1${path}`, { method, headers: key });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    const files = admin.storage.from(medium);
    expect((await files.list('a\u0000b')).error).toMatchObject({ status: 400, statusCode: '400' });
    expect((await files.remove(['a\u0000b'])).error).toMatchObject({ status: 400, statusCode: '400' });
    expect((await files.createSignedUrl('a\u0000b', 60)).error).toMatchObject({ status: 400, statusCode: '400' });
    expect((await files.upload('a\u0000b', 'x')).error).toMatchObject({ status: 400, statusCode: '400' });
  });
});
