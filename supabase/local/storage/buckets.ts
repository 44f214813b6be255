/** Bucket endpoints (storage-js's StorageBucketApi), all as the caller so policies on storage.buckets decide. */
import type { RequestContext, Sql } from '../types';
import { asCaller, asService, normaliseBucket, ownerOf, type BucketRow, type StorageContext } from './context';
import { fromDatabaseError, storageErrors } from './errors';
import { isValidBucketName, parseSize } from './limits';

const SORTABLE = new Set(['id', 'name', 'created_at', 'updated_at']);

export async function listBuckets(c: StorageContext, caller: RequestContext, query: URLSearchParams) {
  const column = SORTABLE.has(query.get('sortColumn') ?? '') ? query.get('sortColumn')! : 'name';
  const order = query.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const limit = query.has('limit') ? Math.max(0, Number(query.get('limit'))) : null;
  const offset = Math.max(0, Number(query.get('offset') ?? 0)) || 0;
  const search = query.get('search') ?? '';
  const { rows } = await asCaller(
    c,
    caller,
    (tx) =>
      tx.query<BucketRow>(
        `select * from storage.buckets where ($1 = '' or name ilike '%' || $1 || '%')
         order by ${column} ${order} limit $2 offset $3`,
        [search, limit, offset],
      ),
    { readOnly: true },
  );
  return rows.map(normaliseBucket);
}

export async function getBucket(c: StorageContext, caller: RequestContext, id: string) {
  const { rows } = await asCaller(
    c,
    caller,
    (tx) => tx.query<BucketRow>(`select * from storage.buckets where id = $1`, [id]),
    { readOnly: true },
  );
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return normaliseBucket(rows[0]);
}

interface BucketBody {
  id?: string;
  name?: string;
  public?: boolean;
  file_size_limit?: number | string | null;
  allowed_mime_types?: string[] | null;
  type?: string;
}

function limitOf(value: BucketBody['file_size_limit']): number | null {
  try {
    return parseSize(value);
  } catch {
    throw storageErrors.invalidRequest(`Invalid file_size_limit: ${String(value)}`);
  }
}

function mimeTypesOf(value: BucketBody['allowed_mime_types']): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.some((m) => typeof m !== 'string' || !/^[\w.+*-]+\/[\w.+*-]+$/.test(m))) {
    throw storageErrors.invalidRequest('allowed_mime_types must be a list of MIME types such as image/png or image/*');
  }
  return value.length ? value : null;
}

export async function createBucket(c: StorageContext, caller: RequestContext, body: BucketBody) {
  const id = body.id ?? body.name;
  if (!id || !isValidBucketName(id)) throw storageErrors.invalidBucketName(String(id));
  const owner = ownerOf(caller);
  try {
    await asCaller(c, caller, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
         values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, 'STANDARD')::storage.buckettype)`,
        [
          id,
          body.name ?? id,
          owner.owner,
          owner.owner_id,
          body.public ?? false,
          limitOf(body.file_size_limit),
          mimeTypesOf(body.allowed_mime_types),
          body.type ?? null,
        ],
      ),
    );
  } catch (err) {
    throw fromDatabaseError(err, storageErrors.bucketExists) ?? err;
  }
  return { name: id };
}

export async function updateBucket(c: StorageContext, caller: RequestContext, id: string, body: BucketBody) {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const add = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (body.public !== undefined) add('public', body.public);
  if (body.file_size_limit !== undefined) add('file_size_limit', limitOf(body.file_size_limit));
  if (body.allowed_mime_types !== undefined) add('allowed_mime_types', mimeTypesOf(body.allowed_mime_types));
  sets.push('updated_at = now()');
  const { rows } = await asCaller(c, caller, (tx) =>
    tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, params),
  ).catch((err: unknown) => {
    throw fromDatabaseError(err, storageErrors.bucketExists) ?? err;
  });
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return { message: 'Successfully updated' };
}

async function deleteVisibleObjects(c: StorageContext, tx: Sql, id: string) {
  const { rows } = await tx.query<{ name: string; version: string }>(
    `delete from storage.objects where bucket_id = $1 returning name, version`,
    [id],
  );
  return async () => {
    await Promise.all(rows.map((r) => c.blobs.delete(id, r.name, r.version)));
  };
}

/** Deletes every object the caller may delete, now (real Storage queues it). */
export async function emptyBucket(c: StorageContext, caller: RequestContext, id: string) {
  await getBucket(c, caller, id);
  const dropBytes = await asCaller(c, caller, (tx) => deleteVisibleObjects(c, tx, id)).catch((err: unknown) => {
    throw fromDatabaseError(err, storageErrors.objectExists) ?? err;
  });
  await dropBytes();
  return { message: 'Successfully emptied' };
}

export async function deleteBucket(c: StorageContext, caller: RequestContext, id: string) {
  await getBucket(c, caller, id);
  const { rows: count } = await asService(
    c,
    (tx) => tx.query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = $1`, [id]),
    { readOnly: true },
  );
  if ((count[0]?.n ?? 0) > 0) throw storageErrors.bucketNotEmpty();
  const { rows } = await asCaller(c, caller, (tx) =>
    tx.query(`delete from storage.buckets where id = $1 returning id`, [id]),
  ).catch((err: unknown) => {
    throw fromDatabaseError(err, storageErrors.bucketExists) ?? err;
  });
  if (!rows[0]) throw storageErrors.noSuchBucket();
  await c.blobs.deleteBucket(id);
  return { message: 'Successfully deleted' };
}

export interface ConfiguredBucket {
  public?: boolean;
  file_size_limit?: string | number;
  allowed_mime_types?: string[];
  /** A folder (relative to supabase/) whose files are uploaded when a database is seeded (seed-objects.ts). */
  objects_path?: string;
}

/** `[storage.buckets.<name>]` from config.toml, created (or brought in line) at start. */
export async function applyConfiguredBuckets(c: StorageContext, buckets: Record<string, ConfiguredBucket>) {
  for (const [id, spec] of Object.entries(buckets)) {
    if (!isValidBucketName(id)) throw new Error(`[storage.buckets.${id}]: invalid bucket name`);
    const limit = parseSize(spec.file_size_limit ?? null);
    const mimes = spec.allowed_mime_types?.length ? spec.allowed_mime_types : null;
    await asService(c, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2, $3, $4)
         on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
           allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
        [id, spec.public ?? false, limit, mimes],
      ),
    );
  }
}
