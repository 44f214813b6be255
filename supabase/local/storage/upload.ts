/**
 * Uploads (POST/PUT /object/…, signed upload URLs), refusing as early as the facts allow:
 * 1. the key, the bucket, the announced size (Content-Length against the bucket's and the
 *    global limit) and the declared type — before the body is touched;
 * 2. the caller's permission: the row is tried as the caller (INSERT, upsert or UPDATE) in a
 *    transaction that is rolled back, so RLS refuses before the body is read;
 * 3. while the body streams to the blob store: a running byte count that stops at the limit
 *    (chunked bodies too) and, for buckets with allowed_mime_types, the first bytes against
 *    the declared type (sniff.ts) before anything is written;
 * 4. the row itself, as the caller (RLS decides again; a refusal drops the new bytes).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { RequestContext } from '../types';
import { asCaller, findBucket, ownerOf, type ObjectMetadata, type StorageContext } from './context';
import { fromDatabaseError, storageErrors } from './errors';
import { isMimeAllowed } from './limits';
import { assertKey, currentVersion, writeRow, type WriteMode } from './rows';
import { contentMismatch, SNIFF_BYTES } from './sniff';
import { openUploadBody, type UploadBody } from './upload-body';

export interface UploadOptions {
  /** POST with x-upsert, PUT (update: the object must exist), or a signed upload's owner/upsert. */
  mode: WriteMode;
  /** Run the SQL as this caller; signed uploads pass the token's owner under service_role. */
  caller: RequestContext;
  owner?: { owner: string | null; owner_id: string | null };
}

class ProbeRollback extends Error {}

/**
 * Does what the upload's row write will do, as the caller, and rolls it back: RLS (and a
 * duplicate without upsert, or a missing object for an update) refuse now, not after the body.
 */
export async function probeWrite(
  c: StorageContext,
  caller: RequestContext,
  bucketId: string,
  name: string,
  mode: WriteMode,
  owner: { owner: string | null; owner_id: string | null },
  metadata: Partial<ObjectMetadata>,
): Promise<void> {
  try {
    await asCaller(c, caller, async (tx) => {
      await writeRow(tx, mode, [bucketId, name, owner.owner, owner.owner_id, metadata, null, 'probe']);
      throw new ProbeRollback();
    });
  } catch (err) {
    if (err instanceof ProbeRollback) return;
    throw fromDatabaseError(err, storageErrors.objectExists) ?? err;
  }
}

/** The body's chunks, counted (stop past `limit`), hashed, and checked by content before the first write. */
async function* guarded(
  body: UploadBody,
  limit: number,
  check: ((head: Uint8Array) => void) | null,
  tally: { size: number; md5: ReturnType<typeof createHash> },
): AsyncGenerator<Uint8Array> {
  let head: Uint8Array[] | null = check ? [] : null;
  let headBytes = 0;
  for await (const chunk of body.chunks) {
    tally.size += chunk.byteLength;
    if (tally.size > limit) throw storageErrors.entityTooLarge();
    tally.md5.update(chunk);
    if (!head) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    headBytes += chunk.byteLength;
    if (headBytes < SNIFF_BYTES) continue;
    const start = Buffer.concat(head);
    check!(start);
    head = null;
    yield start;
  }
  if (head) {
    const start = Buffer.concat(head);
    check!(start);
    if (start.byteLength) yield start;
  }
}

/** Streams the bytes to the blob store, then records the row as the caller; a refused row drops the new bytes. */
export async function uploadObject(
  c: StorageContext,
  req: Request,
  bucketId: string,
  name: string,
  options: UploadOptions,
): Promise<{ id: string; key: string }> {
  assertKey(name);
  const bucket = await findBucket(c, bucketId);
  const limit = Math.min(bucket.file_size_limit ?? Infinity, c.globalFileSizeLimit);
  const body = await openUploadBody(req, limit);
  const owner = options.owner ?? ownerOf(options.caller);
  const version = randomUUID();
  const tally = { size: 0, md5: createHash('md5') };
  let written = false;
  try {
    if (!isMimeAllowed(body.mimetype, bucket.allowed_mime_types)) throw storageErrors.invalidMime(body.mimetype);
    await probeWrite(c, options.caller, bucketId, name, options.mode, owner, { mimetype: body.mimetype });
    const check = bucket.allowed_mime_types?.length
      ? (head: Uint8Array) => {
          const why = contentMismatch(body.mimetype, head);
          if (why) throw storageErrors.contentMismatch(body.mimetype, why);
        }
      : null;
    await c.blobs.write(bucketId, name, version, guarded(body, limit, check, tally));
    written = true;
    await body.finish();
  } catch (err) {
    await body.cancel();
    throw err;
  }

  const now = new Date();
  const metadata: ObjectMetadata = {
    eTag: `"${tally.md5.digest('hex')}"`,
    size: tally.size,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: now.toUTCString(),
    contentLength: tally.size,
    httpStatusCode: 200,
  };
  const previous = await currentVersion(c, bucketId, name);
  let id: string;
  try {
    id = await asCaller(c, options.caller, (tx) =>
      writeRow(tx, options.mode, [bucketId, name, owner.owner, owner.owner_id, metadata, body.userMetadata, version]),
    );
  } catch (err) {
    if (written) await c.blobs.delete(bucketId, name, version);
    throw fromDatabaseError(err, storageErrors.objectExists) ?? err;
  }
  if (previous && previous.version !== version) await c.blobs.delete(bucketId, name, previous.version);
  return { id, key: `${bucketId}/${name}` };
}
