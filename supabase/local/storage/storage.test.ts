/**
 * The storage service through supabase-js, wired straight to the handler on a bare PGlite
 * (no gateway): the contract storage-js relies on, RLS included.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Service, ServiceDeps } from '../types';
import { createStorageService } from './index';
import { createBareDeps, serviceFetch, signUserToken } from './test-support';

let deps: ServiceDeps;
let service: Service;
let dataDir: string;
let http: typeof fetch;

function client(key: string, accessToken?: string): SupabaseClient {
  return createClient(deps.apiUrl, key, {
    global: { fetch: http },
    realtime: { transport: WebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false },
    ...(accessToken ? { accessToken: async () => accessToken } : {}),
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuzl-storage-'));
  deps = await createBareDeps({
    dataDir,
    config: {
      storage: {
        file_size_limit: '1MiB',
        buckets: { 'from-config': { public: true, file_size_limit: '10KiB', allowed_mime_types: ['text/plain'] } },
      },
    },
  });
  service = createStorageService(deps);
  http = serviceFetch(service, '/storage/v1', deps.keys);
});

afterAll(async () => {
  await deps.db.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('buckets', () => {
  it('creates buckets from config.toml and lets service_role manage buckets', async () => {
    const admin = client(deps.keys.secretKey);
    const { data: fromConfig } = await admin.storage.getBucket('from-config');
    expect(fromConfig).toMatchObject({
      id: 'from-config',
      public: true,
      file_size_limit: 10240,
      allowed_mime_types: ['text/plain'],
    });

    expect(await admin.storage.createBucket('docs', { public: false })).toEqual({
      data: { name: 'docs' },
      error: null,
    });
    const dup = await admin.storage.createBucket('docs');
    expect(dup.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });

    expect((await admin.storage.updateBucket('docs', { public: false, fileSizeLimit: 2048 })).data).toEqual({
      message: 'Successfully updated',
    });
    expect((await admin.storage.getBucket('docs')).data?.file_size_limit).toBe(2048);
    const names = (await admin.storage.listBuckets()).data?.map((b) => b.name);
    expect(names).toEqual(['docs', 'from-config']);

    const missing = await admin.storage.getBucket('nope');
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('refuses bucket creation to anon (RLS on storage.buckets, no policies)', async () => {
    const { error } = await client(deps.keys.publishableKey).storage.createBucket('sneaky');
    expect(error).toMatchObject({ statusCode: '403', message: expect.stringContaining('row-level security') });
    expect((await client(deps.keys.publishableKey).storage.listBuckets()).data).toEqual([]);
  });

  it('refuses to delete a non-empty bucket, then empties and deletes it', async () => {
    const admin = client(deps.keys.secretKey);
    await admin.storage.createBucket('tmp');
    await admin.storage.from('tmp').upload('a/b.txt', 'hi');
    expect((await admin.storage.deleteBucket('tmp')).error).toMatchObject({ statusCode: '409' });
    expect((await admin.storage.emptyBucket('tmp')).error).toBeNull();
    expect((await admin.storage.deleteBucket('tmp')).data).toEqual({ message: 'Successfully deleted' });
    expect((await admin.storage.getBucket('tmp')).error).toMatchObject({ statusCode: '404' });
  });
});

describe('objects as service_role', () => {
  const bucket = () => client(deps.keys.secretKey).storage.from('docs');

  it('uploads (raw and multipart), lists one level with folders, downloads and reports info', async () => {
    const raw = await bucket().upload('reports/2026/q1.txt', 'quarter one', { contentType: 'text/plain' });
    expect(raw.error).toBeNull();
    expect(raw.data).toMatchObject({ path: 'reports/2026/q1.txt', fullPath: 'docs/reports/2026/q1.txt' });
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'application/pdf' });
    expect((await bucket().upload('reports/summary.pdf', blob, { cacheControl: '60' })).error).toBeNull();
    expect((await bucket().upload('readme.txt', 'top')).error).toBeNull();

    const top = await bucket().list();
    expect(top.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['readme.txt', false],
      ['reports', true],
    ]);
    const reports = await bucket().list('reports');
    expect(reports.data?.map((e) => e.name)).toEqual(['2026', 'summary.pdf']);
    expect(reports.data?.[1]?.metadata).toMatchObject({
      size: 3,
      mimetype: 'application/pdf',
      cacheControl: 'max-age=60',
    });
    const searched = await bucket().list('reports', { search: 'sum' });
    expect(searched.data?.map((e) => e.name)).toEqual(['summary.pdf']);

    const dl = await bucket().download('reports/2026/q1.txt');
    expect(await dl.data?.text()).toBe('quarter one');
    const pdf = await bucket().download('reports/summary.pdf');
    expect(pdf.data?.type).toBe('application/pdf');
    expect([...new Uint8Array(await pdf.data!.arrayBuffer())]).toEqual([1, 2, 3]);

    const info = await bucket().info('reports/summary.pdf');
    expect(info.data).toMatchObject({
      name: 'reports/summary.pdf',
      size: 3,
      contentType: 'application/pdf',
      bucketId: 'docs',
    });
    expect((await bucket().exists('reports/summary.pdf')).data).toBe(true);
    expect((await bucket().exists('nope.txt')).data).toBe(false);
    expect((await bucket().download('nope.txt')).error).toMatchObject({ statusCode: '404' });

    // Bytes are on disk under dataDir/storage/<bucket>/<name>/<version>.
    expect(await readdir(path.join(dataDir, 'storage', 'docs', 'reports', '2026', 'q1.txt'))).toHaveLength(1);
  });

  it('keeps Arabic and spaced names, user metadata, and serves byte ranges', async () => {
    const name = 'عقود/عقد الإيجار 1.txt';
    const up = await bucket().upload(name, 'نص العقد', {
      contentType: 'text/plain; charset=utf-8',
      metadata: { unit: 'A-1' },
    });
    expect(up.error).toBeNull();
    expect(await (await bucket().download(name)).data?.text()).toBe('نص العقد');
    expect((await bucket().list('عقود')).data?.map((e) => e.name)).toEqual(['عقد الإيجار 1.txt']);
    expect((await bucket().info(name)).data?.metadata).toEqual({ unit: 'A-1' });
    const { data } = await bucket().createSignedUrl(name, 60);
    expect(await (await http(data!.signedUrl)).text()).toBe('نص العقد');
    const ranged = await http(data!.signedUrl, { headers: { range: 'bytes=0-1' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-1/${Buffer.byteLength('نص العقد')}`);
    expect(await ranged.text()).toBe('ن');
    // A dot-dot segment smuggled in percent-encoded is refused before it can reach the disk.
    const sneaky = await http(`${deps.apiUrl}/storage/v1/object/docs/a%2F..%2F..%2Fescape.txt`, {
      method: 'POST',
      headers: {
        apikey: deps.keys.secretKey,
        authorization: `Bearer ${deps.keys.serviceRoleKey}`,
        'content-type': 'text/plain',
      },
      body: 'x',
    });
    expect(await sneaky.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
  });

  it('refuses a duplicate upload with 409 unless upsert, and upsert replaces the bytes', async () => {
    const dup = await bucket().upload('readme.txt', 'again');
    expect(dup.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    expect((await bucket().upload('readme.txt', 'replaced', { upsert: true })).error).toBeNull();
    expect(await (await bucket().download('readme.txt')).data?.text()).toBe('replaced');
    expect((await bucket().update('readme.txt', 'updated')).error).toBeNull();
    expect(await (await bucket().download('readme.txt')).data?.text()).toBe('updated');
    expect(await readdir(path.join(dataDir, 'storage', 'docs', 'readme.txt'))).toHaveLength(1);
  });

  it('enforces the bucket size limit, the global limit and allowed MIME types', async () => {
    const tooBig = await bucket().upload('big.bin', new Uint8Array(4096), { contentType: 'application/octet-stream' });
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    const limited = client(deps.keys.secretKey).storage.from('from-config');
    expect((await limited.upload('x.png', 'png?', { contentType: 'image/png' })).error).toMatchObject({
      statusCode: '415',
      message: 'mime type image/png is not supported',
    });
    expect((await limited.upload('x.txt', 'fine', { contentType: 'text/plain' })).error).toBeNull();
    const admin = client(deps.keys.secretKey);
    await admin.storage.createBucket('unlimited');
    const overGlobal = await admin.storage.from('unlimited').upload('huge.bin', new Uint8Array(1024 * 1024 + 1));
    expect(overGlobal.error).toMatchObject({ statusCode: '413' });
  });

  it('serves public buckets without auth and refuses public URLs of private buckets', async () => {
    const anon = client(deps.keys.publishableKey);
    const publicUrl = anon.storage.from('from-config').getPublicUrl('x.txt').data.publicUrl;
    const res = await http(publicUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('fine');
    const download = await http(`${publicUrl}?download=copy.txt`);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename=copy.txt');
    const privateUrl = anon.storage.from('docs').getPublicUrl('readme.txt').data.publicUrl;
    const refused = await http(privateUrl);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('creates signed URLs that work with plain fetch and only for that object', async () => {
    const { data, error } = await bucket().createSignedUrl('reports/2026/q1.txt', 60);
    expect(error).toBeNull();
    const res = await http(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('quarter one');
    const tampered = data!.signedUrl.replace('q1.txt', 'q2.txt');
    expect((await http(tampered)).status).toBe(400);

    const batch = await bucket().createSignedUrls(['readme.txt', 'missing.txt'], 60);
    expect(batch.data?.[0]).toMatchObject({ path: 'readme.txt', error: null });
    expect(batch.data?.[1]).toMatchObject({ path: 'missing.txt', signedUrl: null });
    expect(await (await http(batch.data![0]!.signedUrl!)).text()).toBe('updated');
    const transformed = await bucket().createSignedUrl('readme.txt', 60, { transform: { width: 10, height: 10 } });
    expect(transformed.error).toMatchObject({
      message: expect.stringContaining('Image transformation'),
    });
  });

  it('moves, copies and removes objects', async () => {
    expect((await bucket().move('reports/summary.pdf', 'archive/summary.pdf')).data).toMatchObject({
      message: 'Successfully moved',
    });
    expect((await bucket().exists('reports/summary.pdf')).data).toBe(false);
    expect((await bucket().copy('archive/summary.pdf', 'archive/copy.pdf')).error).toBeNull();
    expect((await bucket().copy('archive/summary.pdf', 'archive/copy.pdf')).error).toMatchObject({ statusCode: '409' });
    const copied = await bucket().download('archive/copy.pdf');
    expect([...new Uint8Array(await copied.data!.arrayBuffer())]).toEqual([1, 2, 3]);
    const removed = await bucket().remove(['archive/summary.pdf', 'archive/copy.pdf', 'not-there']);
    expect(removed.data?.map((r) => r.name).sort()).toEqual(['archive/copy.pdf', 'archive/summary.pdf']);
    expect((await bucket().list('archive')).data).toEqual([]);
  });

  it('uploads through a signed upload URL without other credentials', async () => {
    const { data } = await bucket().createSignedUploadUrl('inbox/drop.txt');
    const anon = client(deps.keys.publishableKey).storage.from('docs');
    expect((await anon.uploadToSignedUrl('inbox/drop.txt', data!.token, 'dropped')).error).toBeNull();
    expect(await (await bucket().download('inbox/drop.txt')).data?.text()).toBe('dropped');
    expect((await anon.uploadToSignedUrl('inbox/other.txt', data!.token, 'x')).error).toMatchObject({
      statusCode: '400',
    });
  });
});

describe('RLS on storage.objects', () => {
  const alice = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    await deps.db.exec(`
      insert into storage.buckets (id, name) values ('avatars', 'avatars');
      create policy "own folder insert" on storage.objects for insert to authenticated
        with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
      create policy "own folder select" on storage.objects for select to authenticated
        using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
    `);
  });

  it('lets a user write and read only under their own folder', async () => {
    const a = client(deps.keys.publishableKey, await signUserToken(deps.keys, alice)).storage.from('avatars');
    const b = client(deps.keys.publishableKey, await signUserToken(deps.keys, bob)).storage.from('avatars');
    expect((await a.upload(`${alice}/me.txt`, 'alice')).error).toBeNull();
    const intrusion = await b.upload(`${alice}/evil.txt`, 'bob');
    expect(intrusion.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((await b.download(`${alice}/me.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await b.list(alice)).data).toEqual([]);
    expect((await a.list(alice)).data?.map((e) => e.name)).toEqual(['me.txt']);
    // Upsert needs UPDATE too; there is no update policy.
    expect((await a.upload(`${alice}/me.txt`, 'again', { upsert: true })).error).toMatchObject({ statusCode: '403' });
    // No delete policy: nothing is removed, no error (as real Storage).
    expect((await a.remove([`${alice}/me.txt`])).data).toEqual([]);
    const owner = await deps.db.query(`select owner, owner_id from storage.objects where name = $1`, [
      `${alice}/me.txt`,
    ]);
    expect(owner.rows[0]).toEqual({ owner: alice, owner_id: alice });
  });

  it('refuses anon', async () => {
    const anon = client(deps.keys.publishableKey).storage.from('avatars');
    expect((await anon.upload(`${alice}/anon.txt`, 'x')).error).toMatchObject({ statusCode: '403' });
    expect((await anon.createSignedUploadUrl(`${alice}/anon.txt`)).error).toMatchObject({ statusCode: '403' });
  });

  it('rejects a forged JWT', async () => {
    const forged = (await signUserToken(deps.keys, alice)).replace(/\.[^.]+$/, '.AAAA');
    const { error } = await client(deps.keys.publishableKey, forged).storage.from('avatars').list(alice);
    expect(error).toMatchObject({ statusCode: '400' });
  });
});
