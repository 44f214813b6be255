/** Object endpoints: upload, download, info, list, move, copy, remove (research §3.1). */
import { createHash, randomUUID } from 'node:crypto';
import type { RequestContext, Sql } from '../types';
import {
  asCaller,
  asService,
  findBucket,
  iso,
  ownerOf,
  type ObjectMetadata,
  type ObjectRow,
  type StorageContext,
} from './context';
import { fromDatabaseError, json, storageErrors } from './errors';
import { isMimeAllowed, isValidObjectName } from './limits';
import { readUploadBody } from './upload-body';

export function assertKey(name: string): void {
  if (!isValidObjectName(name)) throw storageErrors.invalidKey(name);
}

async function currentVersion(c: StorageContext, bucket: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await asService(
    c,
    (tx) => tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]),
    { readOnly: true },
  );
  return rows[0] ?? null;
}

export interface UploadOptions {
  /** POST with x-upsert, PUT (update: the object must exist), or a signed upload's owner/upsert. */
  mode: 'create' | 'upsert' | 'update';
  /** Run the SQL as this caller; signed uploads pass the token's owner under service_role. */
  caller: RequestContext;
  owner?: { owner: string | null; owner_id: string | null };
}

/** Stores the bytes, then records the row as the caller; a refused row drops the new bytes. */
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
  const body = await readUploadBody(req, limit);
  if (body.bytes.byteLength > limit) throw storageErrors.entityTooLarge();
  if (!isMimeAllowed(body.mimetype, bucket.allowed_mime_types)) throw storageErrors.invalidMime(body.mimetype);

  const version = randomUUID();
  const now = new Date();
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size: body.bytes.byteLength,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: now.toUTCString(),
    contentLength: body.bytes.byteLength,
    httpStatusCode: 200,
  };
  const previous = await currentVersion(c, bucketId, name);
  const owner = options.owner ?? ownerOf(options.caller);
  await c.blobs.put(bucketId, name, version, body.bytes);
  let id: string;
  try {
    id = await asCaller(c, options.caller, (tx) =>
      writeRow(tx, options.mode, [bucketId, name, owner.owner, owner.owner_id, metadata, body.userMetadata, version]),
    );
  } catch (err) {
    await c.blobs.delete(bucketId, name, version);
    throw fromDatabaseError(err, storageErrors.objectExists) ?? err;
  }
  if (previous && previous.version !== version) await c.blobs.delete(bucketId, name, previous.version);
  return { id, key: `${bucketId}/${name}` };
}

async function writeRow(tx: Sql, mode: UploadOptions['mode'], params: unknown[]): Promise<string> {
  const columns = `(bucket_id, name, owner, owner_id, metadata, user_metadata, version)`;
  const values = `values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`;
  const updateSet = `owner = $3, owner_id = $4, metadata = $5::jsonb, user_metadata = $6::jsonb, version = $7,
    last_accessed_at = now()`;
  let sql: string;
  if (mode === 'create') sql = `insert into storage.objects ${columns} ${values} returning id`;
  else if (mode === 'upsert')
    sql = `insert into storage.objects ${columns} ${values}
      on conflict (bucket_id, name) do update set ${updateSet} returning id`;
  else sql = `update storage.objects set ${updateSet} where bucket_id = $1 and name = $2 returning id`;
  const jsonParams = params.map((p, i) => (i === 4 || i === 5 ? (p === null ? null : JSON.stringify(p)) : p));
  const { rows } = await tx.query<{ id: string }>(sql, jsonParams);
  if (!rows[0]) throw storageErrors.noSuchKey();
  return rows[0].id;
}

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

/** The bytes as a download response, with the headers storage-api sends (and Range support). */
export async function objectResponse(
  c: StorageContext,
  req: Request,
  row: ObjectRow,
  head: boolean,
): Promise<Response> {
  const bytes = await c.blobs.get(row.bucket_id, row.name, row.version);
  if (!bytes) throw storageErrors.noSuchKey();
  const meta = row.metadata;
  const headers: Record<string, string> = {
    'content-type': meta?.mimetype ?? 'application/octet-stream',
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
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.get('range') ?? '');
  if (range && (range[1] || range[2])) {
    const size = bytes.byteLength;
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
    }
    const slice = bytes.subarray(start, end + 1);
    headers['content-range'] = `bytes ${start}-${end}/${size}`;
    headers['content-length'] = String(slice.byteLength);
    return new Response(head ? null : slice, { status: 206, headers });
  }
  headers['content-length'] = String(bytes.byteLength);
  return new Response(head ? null : bytes, { status: 200, headers });
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
