/** Object endpoints: upload, download, info, list, move, copy, remove (storage-js's StorageFileApi). */
import { randomUUID } from 'node:crypto';
import type { RequestContext, Sql } from '../types';
import { asCaller, asService, findBucket, iso, ownerOf, type ObjectRow, type StorageContext } from './context';
import { fromDatabaseError, json, storageErrors } from './errors';
import { assertKey, currentVersion, writeRow } from './rows';

/** Reads an object row: as the caller (RLS) unless `caller` is null (public or signed access). */
export async function readObjectRow(
  c: StorageContext,
  caller: RequestContext | null,
  bucketId: string,
  name: string,
): Promise<ObjectRow> {
  const query = (tx: Sql) =>
    tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
  const { rows } = caller
    ? await asCaller(c, caller, query, { readOnly: true })
    : await asService(c, query, { readOnly: true });
  if (!rows[0]) throw storageErrors.noSuchKey();
  return rows[0];
}

/**
 * Headers that keep a user's file from acting as a page of the API's origin. storage-api serves
 * `text/html` as `text/plain`; on top of that every object gets `nosniff` (the declared type is
 * final) and a CSP that sandboxes it when opened directly: an uploaded SVG's or HTML's script
 * never runs and it loads nothing. Images in `<img>`, `fetch()` and downloads are unaffected
 * (a CSP applies only to a document). PDFs are left out: browsers' PDF viewers refuse to open
 * in a sandbox.
 */
export function servingHeaders(mimetype: string | undefined): Record<string, string> {
  const declared = mimetype || 'application/octet-stream';
  const type = /text\/html/i.test(declared) ? 'text/plain' : declared;
  const headers: Record<string, string> = { 'content-type': type, 'x-content-type-options': 'nosniff' };
  if (!/^application\/pdf\b/i.test(type))
    headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  return headers;
}

/** The bytes as a download response, streamed from the blob store, with storage-api's headers (and Range). */
export async function objectResponse(
  c: StorageContext,
  req: Request,
  row: ObjectRow,
  head: boolean,
): Promise<Response> {
  const blob = await c.blobs.open(row.bucket_id, row.name, row.version);
  if (!blob) throw storageErrors.noSuchKey();
  const meta = row.metadata;
  const headers: Record<string, string> = {
    ...servingHeaders(meta?.mimetype),
    'cache-control': meta?.cacheControl ?? 'no-cache',
    etag: meta?.eTag ?? '',
    'last-modified': meta?.lastModified ?? new Date(iso(row.updated_at)).toUTCString(),
    'accept-ranges': 'bytes',
  };
  const download = new URL(req.url).searchParams.get('download');
  if (download !== null) {
    const filename = download || row.name.split('/').pop() || 'download';
    headers['content-disposition'] =
      `attachment; filename=${encodeURIComponent(filename)}; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
  if (req.headers.get('if-none-match') && req.headers.get('if-none-match') === meta?.eTag) {
    return new Response(null, { status: 304, headers });
  }
  const size = blob.size;
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.get('range') ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
    }
    headers['content-range'] = `bytes ${start}-${end}/${size}`;
    headers['content-length'] = String(end - start + 1);
    return new Response(head ? null : blob.stream(start, end), { status: 206, headers });
  }
  headers['content-length'] = String(size);
  return new Response(head ? null : blob.stream(), { status: 200, headers });
}

/** GET /object/info/… — the row as storage-js's FileObjectV2. */
export function infoBody(row: ObjectRow) {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    bucket_id: row.bucket_id,
    updated_at: iso(row.updated_at),
    created_at: iso(row.created_at),
    last_accessed_at: iso(row.last_accessed_at),
    size: row.metadata?.size,
    cache_control: row.metadata?.cacheControl,
    content_type: row.metadata?.mimetype,
    etag: row.metadata?.eTag,
    last_modified: row.metadata?.lastModified ? new Date(row.metadata.lastModified).toISOString() : null,
    metadata: row.user_metadata ?? {},
  };
}

interface ListBody {
  prefix?: string;
  limit?: number;
  offset?: number;
  search?: string;
  sortBy?: { column?: string; order?: string };
}

/** POST /object/list/{bucket}: one folder level via storage.search(), under the caller's RLS. */
export async function listObjects(c: StorageContext, caller: RequestContext, bucketId: string, body: ListBody) {
  let prefix = body.prefix ?? '';
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const { rows } = await asCaller(
    c,
    caller,
    (tx) =>
      tx.query<Record<string, unknown>>(`select * from storage.search($1, $2, $3, $4, $5, $6, $7)`, [
        prefix,
        bucketId,
        body.limit ?? 100,
        body.offset ?? 0,
        body.search ?? '',
        body.sortBy?.column ?? 'name',
        body.sortBy?.order ?? 'asc',
      ]),
    { readOnly: true },
  );
  return rows.map((r) => ({
    name: r.name,
    id: r.id,
    updated_at: iso(r.updated_at),
    created_at: iso(r.created_at),
    last_accessed_at: iso(r.last_accessed_at),
    metadata: r.metadata,
  }));
}

interface TransferBody {
  bucketId?: string;
  sourceKey?: string;
  destinationKey?: string;
  destinationBucket?: string;
}

function transferTarget(body: TransferBody) {
  const { bucketId, sourceKey, destinationKey } = body;
  if (!bucketId || !sourceKey || !destinationKey) {
    throw storageErrors.invalidRequest('bucketId, sourceKey and destinationKey are required');
  }
  assertKey(sourceKey);
  assertKey(destinationKey);
  return { bucketId, sourceKey, destinationKey, destinationBucket: body.destinationBucket || bucketId };
}

/** POST /object/move: needs SELECT + UPDATE on the row; the new place must pass UPDATE's check. */
export async function moveObject(c: StorageContext, caller: RequestContext, body: TransferBody) {
  const t = transferTarget(body);
  if (t.destinationBucket !== t.bucketId) await findBucket(c, t.destinationBucket);
  const source = await readObjectRow(c, caller, t.bucketId, t.sourceKey);
  const target = { bucket: t.destinationBucket, name: t.destinationKey, version: source.version };
  await c.blobs.copy({ bucket: t.bucketId, name: t.sourceKey, version: source.version }, target);
  try {
    await asCaller(c, caller, async (tx) => {
      const { rows } = await tx.query(
        `update storage.objects set bucket_id = $3, name = $4, last_accessed_at = now()
         where bucket_id = $1 and name = $2 returning id`,
        [t.bucketId, t.sourceKey, t.destinationBucket, t.destinationKey],
      );
      if (!rows[0]) throw storageErrors.noSuchKey();
    });
  } catch (err) {
    if (!(t.destinationBucket === t.bucketId && t.destinationKey === t.sourceKey)) {
      await c.blobs.delete(target.bucket, target.name, target.version);
    }
    throw fromDatabaseError(err, storageErrors.objectExists) ?? err;
  }
  await c.blobs.delete(t.bucketId, t.sourceKey, source.version);
  return { message: 'Successfully moved', Id: source.id, Key: `${t.destinationBucket}/${t.destinationKey}` };
}

/** POST /object/copy: needs SELECT on the source and INSERT (or upsert) for the copy. */
export async function copyObject(c: StorageContext, caller: RequestContext, body: TransferBody, upsert: boolean) {
  const t = transferTarget(body);
  if (t.destinationBucket !== t.bucketId) await findBucket(c, t.destinationBucket);
  const source = await readObjectRow(c, caller, t.bucketId, t.sourceKey);
  const previous = await currentVersion(c, t.destinationBucket, t.destinationKey);
  const version = randomUUID();
  await c.blobs.copy(
    { bucket: t.bucketId, name: t.sourceKey, version: source.version },
    { bucket: t.destinationBucket, name: t.destinationKey, version },
  );
  const owner = ownerOf(caller);
  let id: string;
  try {
    id = await asCaller(c, caller, (tx) =>
      writeRow(tx, upsert ? 'upsert' : 'create', [
        t.destinationBucket,
        t.destinationKey,
        owner.owner,
        owner.owner_id,
        { ...source.metadata, lastModified: new Date().toUTCString() },
        source.user_metadata,
        version,
      ]),
    );
  } catch (err) {
    await c.blobs.delete(t.destinationBucket, t.destinationKey, version);
    throw fromDatabaseError(err, storageErrors.objectExists) ?? err;
  }
  if (previous) await c.blobs.delete(t.destinationBucket, t.destinationKey, previous.version);
  return {
    Id: id,
    Key: `${t.destinationBucket}/${t.destinationKey}`,
    name: t.destinationKey,
    bucket_id: t.destinationBucket,
  };
}

/** DELETE /object/{bucket} {prefixes}: deletes what the caller may SELECT and DELETE. */
export async function removeObjects(c: StorageContext, caller: RequestContext, bucketId: string, names: string[]) {
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) {
    throw storageErrors.invalidRequest('prefixes must be an array of object names');
  }
  if (names.length > 1000) throw storageErrors.invalidRequest('prefixes must NOT have more than 1000 items');
  const { rows } = await asCaller(c, caller, (tx) =>
    tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *`, [
      bucketId,
      names,
    ]),
  );
  await Promise.all(rows.map((r) => c.blobs.delete(r.bucket_id, r.name, r.version)));
  return rows.map((r) => ({
    bucket_id: r.bucket_id,
    name: r.name,
    id: r.id,
    owner: r.owner,
    owner_id: r.owner_id,
    version: r.version,
    metadata: r.metadata,
    user_metadata: r.user_metadata,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    last_accessed_at: iso(r.last_accessed_at),
  }));
}

export async function removeOne(c: StorageContext, caller: RequestContext, bucketId: string, name: string) {
  const removed = await removeObjects(c, caller, bucketId, [name]);
  if (removed.length === 0) throw storageErrors.noSuchKey();
  return json(200, { message: 'Successfully deleted' });
}
