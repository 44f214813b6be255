/**
 * Storage through supabase-js against the local stack (and, unchanged, a hosted project):
 * buckets, upload / list / download / info, signed and public URLs used with plain fetch,
 * move / copy / remove, upsert conflicts, size and MIME limits.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let admin: SupabaseClient;
// Unique names keep reruns against a shared hosted project apart.
const run = randomUUID().slice(0, 8);
const privateBucket = `docs-${run}`;
const publicBucket = `public-${run}`;
const limitedBucket = `limited-${run}`;

beforeAll(async () => {
  stack = await createTestStack();
  admin = stack.client('service_role');
  const buckets: Array<[string, { public: boolean; fileSizeLimit?: number; allowedMimeTypes?: string[] }]> = [
    [privateBucket, { public: false }],
    [publicBucket, { public: true }],
    [limitedBucket, { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['image/png', 'text/*'] }],
  ];
  for (const [id, options] of buckets) {
    const { error } = await admin.storage.createBucket(id, options);
    expect(error).toBeNull();
  }
});

afterAll(async () => {
  if (!stack) return;
  for (const id of [privateBucket, publicBucket, limitedBucket]) {
    await admin.storage.emptyBucket(id);
    await admin.storage.deleteBucket(id);
  }
  await stack.stop();
});

describe('buckets', () => {
  it('lists and reads buckets with their limits', async () => {
    const { data: bucket, error } = await admin.storage.getBucket(limitedBucket);
    expect(error).toBeNull();
    expect(bucket).toMatchObject({
      id: limitedBucket,
      public: false,
      file_size_limit: 1024,
      allowed_mime_types: ['image/png', 'text/*'],
    });
    const { data: list } = await admin.storage.listBuckets();
    expect(list?.map((b) => b.id)).toEqual(expect.arrayContaining([privateBucket, publicBucket, limitedBucket]));
  });

  it('refuses a second bucket with the same id (409 in the body, 400 on the wire)', async () => {
    const { error } = await admin.storage.createBucket(privateBucket);
    expect(error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
  });
});

describe('objects', () => {
  const files = () => admin.storage.from(privateBucket);

  it('uploads a Blob and a string, lists folders as id-less rows, downloads the bytes', async () => {
    const pdf = new Blob([new Uint8Array([37, 80, 68, 70])], { type: 'application/pdf' });
    const up = await files().upload('invoices/2026/inv-1.pdf', pdf, { cacheControl: '120' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({
      path: 'invoices/2026/inv-1.pdf',
      fullPath: `${privateBucket}/invoices/2026/inv-1.pdf`,
    });
    expect((await files().upload('invoices/notes.txt', 'hello', { contentType: 'text/plain' })).error).toBeNull();

    const { data: level } = await files().list('invoices');
    expect(level?.map((e) => ({ name: e.name, folder: e.id === null }))).toEqual([
      { name: '2026', folder: true },
      { name: 'notes.txt', folder: false },
    ]);
    expect(level?.[1]?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });

    const { data: blob } = await files().download('invoices/2026/inv-1.pdf');
    expect(blob?.type).toBe('application/pdf');
    expect([...new Uint8Array(await blob!.arrayBuffer())]).toEqual([37, 80, 68, 70]);

    const { data: info } = await files().info('invoices/2026/inv-1.pdf');
    expect(info).toMatchObject({
      name: 'invoices/2026/inv-1.pdf',
      size: 4,
      contentType: 'application/pdf',
      cacheControl: 'max-age=120',
    });
    expect((await files().exists('invoices/notes.txt')).data).toBe(true);
    expect((await files().exists('invoices/none.txt')).data).toBe(false);
  });

  it('refuses an existing path without upsert (409) and replaces it with upsert', async () => {
    const dup = await files().upload('invoices/notes.txt', 'again', { contentType: 'text/plain' });
    expect(dup.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    expect(
      (await files().upload('invoices/notes.txt', 'replaced', { contentType: 'text/plain', upsert: true })).error,
    ).toBeNull();
    expect(await (await files().download('invoices/notes.txt')).data?.text()).toBe('replaced');
  });

  it('creates signed URLs that work with a plain fetch, no keys attached', async () => {
    const { data, error } = await files().createSignedUrl('invoices/notes.txt', 60);
    expect(error).toBeNull();
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('replaced');
    const forged = new URL(data!.signedUrl);
    forged.searchParams.set('token', `${forged.searchParams.get('token')}x`);
    expect((await fetch(forged)).status).toBe(400);

    const { data: many } = await files().createSignedUrls(['invoices/notes.txt', 'invoices/none.txt'], 60);
    expect(many?.[0]?.error).toBeNull();
    expect(many?.[1]?.error).toBeTruthy();
    expect(await (await fetch(many![0]!.signedUrl!)).text()).toBe('replaced');
  });

  it('uploads through a signed upload URL', async () => {
    const { data } = await files().createSignedUploadUrl('inbox/guest-id.png');
    const anonFiles = stack.client('anon').storage.from(privateBucket);
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    expect((await anonFiles.uploadToSignedUrl('inbox/guest-id.png', data!.token, png)).error).toBeNull();
    expect((await files().info('inbox/guest-id.png')).data).toMatchObject({ size: 4, contentType: 'image/png' });

    // The token alone is enough: a plain PUT with no key, as a third party would send it.
    const { data: second } = await files().createSignedUploadUrl('inbox/plain-put.txt');
    const put = await fetch(second!.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'from curl',
    });
    expect(put.status).toBe(200);
    expect(await (await files().download('inbox/plain-put.txt')).data?.text()).toBe('from curl');
  });

  it('serves public buckets at their public URL and nothing else', async () => {
    expect(
      (await admin.storage.from(publicBucket).upload('logo.txt', 'logo', { contentType: 'text/plain' })).error,
    ).toBeNull();
    const url = stack.client('anon').storage.from(publicBucket).getPublicUrl('logo.txt').data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toBe('logo');
    const privateUrl = stack.client('anon').storage.from(privateBucket).getPublicUrl('invoices/notes.txt')
      .data.publicUrl;
    const refused = await fetch(privateUrl);
    expect(refused.ok).toBe(false);
  });

  it('moves, copies and removes', async () => {
    expect((await files().move('invoices/notes.txt', 'archive/notes.txt')).error).toBeNull();
    expect((await files().exists('invoices/notes.txt')).data).toBe(false);
    expect((await files().copy('archive/notes.txt', 'archive/notes-copy.txt')).error).toBeNull();
    expect(await (await files().download('archive/notes-copy.txt')).data?.text()).toBe('replaced');
    const { data: removed, error } = await files().remove(['archive/notes.txt', 'archive/notes-copy.txt']);
    expect(error).toBeNull();
    expect(removed?.map((r) => r.name).sort()).toEqual(['archive/notes-copy.txt', 'archive/notes.txt']);
    expect((await files().list('archive')).data).toEqual([]);
  });
});

describe('limits', () => {
  const limited = () => admin.storage.from(limitedBucket);

  it('refuses files over the bucket size limit (413)', async () => {
    const { error } = await limited().upload('big.png', new Blob([new Uint8Array(2048)], { type: 'image/png' }));
    expect(error).toMatchObject({ status: 400, statusCode: '413' });
  });

  it('refuses MIME types the bucket does not allow (415) and accepts wildcards', async () => {
    const { error } = await limited().upload('doc.pdf', new Blob([new Uint8Array(10)], { type: 'application/pdf' }));
    expect(error).toMatchObject({ status: 400, statusCode: '415' });
    // A bucket that lists types also checks the content: a PNG must start with the PNG signature.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect((await limited().upload('small.png', new Blob([png], { type: 'image/png' }))).error).toBeNull();
    expect(
      (await limited().upload('zeros.png', new Blob([new Uint8Array(10)], { type: 'image/png' }))).error,
    ).toMatchObject({ statusCode: '415' });
    expect((await limited().upload('note.txt', 'ok', { contentType: 'text/markdown' })).error).toBeNull();
  });
});
