/** What every storage handler shares: the stack deps, the byte store and SQL helpers. */
import type { RequestContext, ServiceDeps, Sql } from '../types';
import type { BlobStore } from './blob-store';
import { StorageError, storageErrors } from './errors';

export interface StorageContext {
  deps: ServiceDeps;
  blobs: BlobStore;
  /** [storage] file_size_limit in bytes: the ceiling for every bucket. */
  globalFileSizeLimit: number;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  type: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

/** storage-api's ObjectMetadata (backend/adapter.ts). */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

const SERVICE: RequestContext = { role: 'service_role', claims: { role: 'service_role' } };

/** Runs as the caller so RLS decides; deletes are allowed as the Storage API's own. */
export function asCaller<T>(
  c: StorageContext,
  caller: RequestContext,
  fn: (tx: Sql) => Promise<T>,
  options?: { readOnly?: boolean },
): Promise<T> {
  return c.deps.db.asRole(
    caller,
    async (tx) => {
      await setStorageSettings(tx, options?.readOnly ?? false);
      return fn(tx);
    },
    options,
  );
}

/** What storage-api does "as super user": public reads, signed URLs, bucket limits. */
export function asService<T>(c: StorageContext, fn: (tx: Sql) => Promise<T>, options?: { readOnly?: boolean }) {
  return asCaller(c, SERVICE, fn, options);
}

async function setStorageSettings(tx: Sql, readOnly: boolean) {
  if (readOnly) return;
  await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
}

export async function findBucket(c: StorageContext, id: string): Promise<BucketRow> {
  const rows = await asService(c, (tx) => tx.query<BucketRow>(`select * from storage.buckets where id = $1`, [id]), {
    readOnly: true,
  });
  const bucket = rows.rows[0];
  if (!bucket) throw storageErrors.noSuchBucket();
  return normaliseBucket(bucket);
}

export function normaliseBucket(row: BucketRow): BucketRow {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    owner_id: row.owner_id ?? null,
    public: row.public,
    type: row.type ?? 'STANDARD',
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return value === null || value === undefined ? (value as unknown as string) : String(value);
}

/** The subject of the caller's JWT, as storage-api records it in owner / owner_id. */
export function ownerOf(caller: RequestContext): { owner: string | null; owner_id: string | null } {
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub);
  return { owner: isUuid ? sub : null, owner_id: sub };
}

export function isStorageError(err: unknown): err is StorageError {
  return err instanceof StorageError;
}
