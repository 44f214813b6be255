/**
 * Object bytes. Like storage-api's file backend, each object is a folder named after the object
 * with one file per version (`<root>/<bucket>/<name>/<version>`), so `a` and `a/b` can coexist
 * and an upsert writes the new version before the old one is dropped. Bytes move as streams
 * both ways: an upload is written chunk by chunk as it arrives, a download is read from disk
 * as it is sent, so neither is ever held whole in memory (the in-memory store, for tests,
 * holds them by definition).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type Bytes = Uint8Array<ArrayBuffer>;

export interface StoredBlob {
  size: number;
  /** The bytes from `start` to `end` inclusive (the whole object by default). */
  stream(start?: number, end?: number): ReadableStream<Uint8Array>;
}

export interface BlobStore {
  /** Writes the chunks as they come; a failing source leaves nothing behind. */
  write(bucket: string, name: string, version: string, chunks: AsyncIterable<Uint8Array>): Promise<void>;
  open(bucket: string, name: string, version: string): Promise<StoredBlob | null>;
  delete(bucket: string, name: string, version: string): Promise<void>;
  copy(from: BlobRef, to: BlobRef): Promise<void>;
  deleteBucket(bucket: string): Promise<void>;
}

export interface BlobRef {
  bucket: string;
  name: string;
  version: string;
}

const empty = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.close();
    },
  });

export function createBlobStore(root: string | null): BlobStore {
  return root ? diskStore(root) : memoryStore();
}

function memoryStore(): BlobStore {
  const blobs = new Map<string, Bytes>();
  const key = (bucket: string, name: string, version: string) => `${bucket}\u0000${name}\u0000${version}`;
  return {
    async write(bucket, name, version, chunks) {
      const parts: Uint8Array[] = [];
      for await (const chunk of chunks) parts.push(chunk);
      blobs.set(key(bucket, name, version), new Uint8Array(Buffer.concat(parts)));
    },
    async open(bucket, name, version) {
      const bytes = blobs.get(key(bucket, name, version));
      if (!bytes) return null;
      return {
        size: bytes.byteLength,
        stream: (start = 0, end = bytes.byteLength - 1) =>
          end < start
            ? empty()
            : new ReadableStream({
                start(controller) {
                  controller.enqueue(bytes.slice(start, end + 1));
                  controller.close();
                },
              }),
      };
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
    async write(bucket, name, version, chunks) {
      const target = file(bucket, name, version);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(Readable.from(chunks), createWriteStream(target, { flags: 'wx' }));
      } catch (err) {
        await rm(target, { force: true });
        throw err;
      }
    },
    async open(bucket, name, version) {
      const target = file(bucket, name, version);
      const info = await stat(target).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
        throw err;
      });
      if (!info?.isFile()) return null;
      return {
        size: info.size,
        stream: (start = 0, end = info.size - 1) =>
          end < start
            ? empty()
            : (Readable.toWeb(createReadStream(target, { start, end })) as ReadableStream<Uint8Array>),
      };
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
