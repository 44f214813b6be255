/**
 * storage.objects RLS decides storage access: with the common "users write under a folder named
 * by their auth.uid()" policy, a user writes and reads their own folder, another user and anon
 * are refused. The policies are fixture setup through the stack's `db` handle.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
const bucket = `user-files-${randomUUID().slice(0, 8)}`;
const alice = randomUUID();
const bob = randomUUID();
let asAlice: SupabaseClient;
let asBob: SupabaseClient;

beforeAll(async () => {
  stack = await createTestStack();
  expect((await stack.client('service_role').storage.createBucket(bucket, { public: false })).error).toBeNull();
  await stack.db.exec(`
    create policy "user files: insert own folder" on storage.objects for insert to authenticated
      with check (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "user files: read own folder" on storage.objects for select to authenticated
      using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "user files: update own folder" on storage.objects for update to authenticated
      using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "user files: delete own folder" on storage.objects for delete to authenticated
      using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text);
  `);
  asAlice = stack.client({ accessToken: await stack.userToken({ sub: alice }) });
  asBob = stack.client({ accessToken: await stack.userToken({ sub: bob }) });
});

afterAll(() => stack?.stop());

describe('own-folder policy on storage.objects', () => {
  it('lets a user upload, list, download, upsert and remove under their own folder', async () => {
    const files = asAlice.storage.from(bucket);
    expect(
      (await files.upload(`${alice}/avatar.png`, new Blob([new Uint8Array([1])], { type: 'image/png' }))).error,
    ).toBeNull();
    expect((await files.list(alice)).data?.map((f) => f.name)).toEqual(['avatar.png']);
    expect((await files.download(`${alice}/avatar.png`)).error).toBeNull();
    expect(
      (
        await files.upload(`${alice}/avatar.png`, new Blob([new Uint8Array([2])], { type: 'image/png' }), {
          upsert: true,
        })
      ).error,
    ).toBeNull();
    const { data: signed } = await files.createSignedUrl(`${alice}/avatar.png`, 60);
    expect([...new Uint8Array(await (await fetch(signed!.signedUrl)).arrayBuffer())]).toEqual([2]);
    const { data: owner } = await stack.client('service_role').storage.from(bucket).info(`${alice}/avatar.png`);
    expect(owner).toBeTruthy();
  });

  it("refuses another user's writes and hides the files from them", async () => {
    const files = asBob.storage.from(bucket);
    const { error } = await files.upload(`${alice}/intruder.txt`, 'bob was here', { contentType: 'text/plain' });
    expect(error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((await files.list(alice)).data).toEqual([]);
    expect((await files.download(`${alice}/avatar.png`)).error).toMatchObject({ statusCode: '404' });
    expect((await files.createSignedUrl(`${alice}/avatar.png`, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await files.remove([`${alice}/avatar.png`])).data).toEqual([]);
    expect((await files.move(`${alice}/avatar.png`, `${bob}/stolen.png`)).error).toMatchObject({ statusCode: '404' });
    // Bob's own folder is fine.
    expect((await files.upload(`${bob}/mine.txt`, 'mine', { contentType: 'text/plain' })).error).toBeNull();
  });

  it('refuses anon (no policy for the anon role)', async () => {
    const anon = stack.client('anon').storage.from(bucket);
    const { error } = await anon.upload(`${alice}/anon.txt`, 'x', { contentType: 'text/plain' });
    expect(error).toMatchObject({ statusCode: '403' });
    expect((await anon.list(alice)).data).toEqual([]);
    expect((await anon.download(`${alice}/avatar.png`)).error).toBeTruthy();
  });

  it('keeps the files for their owner after the refusals', async () => {
    const { data } = await asAlice.storage.from(bucket).list(alice);
    expect(data?.map((f) => f.name)).toEqual(['avatar.png']);
    const { data: removed } = await asAlice.storage.from(bucket).remove([`${alice}/avatar.png`]);
    expect(removed).toHaveLength(1);
  });
});
