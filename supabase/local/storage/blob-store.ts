/**
 * Object bytes. Like storage-api's file backend, each object is a folder named after the object
 * with one file per version (`<root>/<bucket>/<name>/<version>`), so `a` and `a/b` can coexist
 * and an upsert writes the new version before the old one is dropped.
 */
import { mkdir, readFile, rm, writeFile, copyFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type Bytes = Uint8Array<ArrayBuffer>;

export interface BlobStore {
  put(bucket: string, name: string, version: string, bytes: Bytes): Promise<void>;
  get(bucket: string, name: string, version: string): Promise<Bytes | null>;
  delete(bucket: string, name: string, version: string): Promise<void>;
  copy(from: BlobRef, to: BlobRef): Promise<void>;
  deleteBucket(bucket: string): Promise<void>;
}

export interface BlobRef {
  bucket: string;
  name: string;
  version: string;
}

export function createBlobStore(root: string | null): BlobStore {
  return root ? diskStore(root) : memoryStore();
}

function memoryStore(): BlobStore {
  const blobs = new Map<string, Bytes>();
  const key = (bucket: string, name: string, version: string) => `${bucket}\u0000${name}\u0000${version}`;
  return {
    async put(bucket, name, version, bytes) {
      blobs.set(key(bucket, name, version), bytes);
    },
    async get(bucket, name, version) {
      return blobs.get(key(bucket, name, version)) ?? null;
    },
    async delete(bucket, name, version) {
      blobs.delete(key(bucket, name, version));
    },
    async copy(from, to) {
      const bytes = blobs.get(key(from.bucket, from.name, from.version));
      if (!bytes) throw new Error(`missing bytes for ${from.bucket}/${from.name}`);
      blobs.set(key(to.bucket, to.name, to.version), bytes);
    },
    async deleteBucket(bucket) {
      for (const k of [...blobs.keys()]) if (k.startsWith(`${bucket}\u0000`)) blobs.delete(k);
    },
  };
}

function diskStore(root: string): BlobStore {
  const bucketDir = (bucket: string) => {
    // Bucket ids inserted by SQL skip the API's name check; never let one leave the root.
    const dir = path.resolve(root, bucket);
    if (!dir.startsWith(path.resolve(root) + path.sep)) throw new Error(`unsafe bucket id ${bucket}`);
    return dir;
  };
  const file = (bucket: string, name: string, version: string) => {
    const dir = bucketDir(bucket);
    const target = path.resolve(dir, ...name.split('/'), version);
    // Names are validated before they get here; this guards the folder boundary regardless.
    if (!target.startsWith(dir + path.sep)) throw new Error(`unsafe object path ${name}`);
    return target;
  };
  return {
    async put(bucket, name, version, bytes) {
      const target = file(bucket, name, version);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },
    async get(bucket, name, version) {
      try {
        return new Uint8Array(await readFile(file(bucket, name, version)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(bucket, name, version) {
      await rm(file(bucket, name, version), { force: true });
    },
    async copy(from, to) {
      const target = file(to.bucket, to.name, to.version);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(file(from.bucket, from.name, from.version), target);
    },
    async deleteBucket(bucket) {
      const dir = bucketDir(bucket);
      if (await stat(dir).catch(() => null)) await rm(dir, { recursive: true, force: true });
    },
  };
}
