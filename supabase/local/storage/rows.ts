/** Object keys and the row writes shared by uploads and copies. */
import type { Sql } from '../types';
import { asService, type ObjectRow, type StorageContext } from './context';
import { storageErrors } from './errors';
import { isValidObjectName } from './limits';

/** POST (create), POST with x-upsert, or PUT (update: the object must exist). */
export type WriteMode = 'create' | 'upsert' | 'update';

export function assertKey(name: string): void {
  if (!isValidObjectName(name)) throw storageErrors.invalidKey(name);
}

export async function currentVersion(c: StorageContext, bucket: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await asService(
    c,
    (tx) => tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]),
    { readOnly: true },
  );
  return rows[0] ?? null;
}

function writeSql(mode: WriteMode): string {
  const columns = `(bucket_id, name, owner, owner_id, metadata, user_metadata, version)`;
  const values = `values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`;
  const updateSet = `owner = $3, owner_id = $4, metadata = $5::jsonb, user_metadata = $6::jsonb, version = $7,
    last_accessed_at = now()`;
  if (mode === 'create') return `insert into storage.objects ${columns} ${values} returning id`;
  if (mode === 'upsert')
    return `insert into storage.objects ${columns} ${values}
      on conflict (bucket_id, name) do update set ${updateSet} returning id`;
  return `update storage.objects set ${updateSet} where bucket_id = $1 and name = $2 returning id`;
}

/** Writes the object row as the caller; no row back (an update of nothing) is "not found". */
export async function writeRow(tx: Sql, mode: WriteMode, params: unknown[]): Promise<string> {
  const jsonParams = params.map((p, i) => (i === 4 || i === 5 ? (p === null ? null : JSON.stringify(p)) : p));
  const { rows } = await tx.query<{ id: string }>(writeSql(mode), jsonParams);
  if (!rows[0]) throw storageErrors.noSuchKey();
  return rows[0].id;
}
