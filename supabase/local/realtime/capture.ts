/**
 * Change capture for the local Realtime server. Hosted Realtime reads the `supabase_realtime`
 * publication through logical replication; PGlite has no replication slots, so locally each
 * table of that publication gets an AFTER row trigger (schema `_realtime_local`, created by the
 * stack when the first postgres_changes subscriber joins, never by a migration) that NOTIFYs the
 * table, the operation and the primary key: keys, not rows, because a NOTIFY payload is capped at
 * 8000 bytes and the row is read again as each subscriber (RLS) anyway.
 */
import pg from 'pg';
import type { StackDatabase } from '../database';

export const CAPTURE_CHANNEL = '_realtime_local';
export const CAPTURE_SCHEMA = '_realtime_local';
const TRIGGER = '_realtime_local_capture';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Change {
  schema: string;
  table: string;
  type: ChangeType;
  /** Primary key of the new row (INSERT, UPDATE). */
  keys: Record<string, unknown>;
  /** Primary key of the old row (UPDATE, DELETE). */
  old_keys: Record<string, unknown>;
  /** Transaction time of the change. */
  at: string;
}

const FUNCTION_SQL = `
create schema if not exists ${CAPTURE_SCHEMA};
comment on schema ${CAPTURE_SCHEMA} is 'Local stack only (supabase/local/realtime): change-capture triggers for the Realtime server; hosted projects use logical replication instead.';
create or replace function ${CAPTURE_SCHEMA}.capture()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  keys jsonb := '{}';
  old_keys jsonb := '{}';
  col text;
begin
  foreach col in array tg_argv loop
    if new_row is not null then keys := keys || jsonb_build_object(col, new_row -> col); end if;
    if old_row is not null then old_keys := old_keys || jsonb_build_object(col, old_row -> col); end if;
  end loop;
  perform pg_notify('${CAPTURE_CHANNEL}', jsonb_build_object(
    'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
    'keys', keys, 'old_keys', old_keys, 'at', now())::text);
  return null;
end
$$;
comment on function ${CAPTURE_SCHEMA}.capture() is 'Local Realtime: NOTIFYs ${CAPTURE_CHANNEL} with the table, operation and primary key of a changed row.';
`;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface PublishedTable {
  schema: string;
  table: string;
  pk: string[];
  has_trigger: boolean;
}

/**
 * Makes the triggers match the publication: installs them on its tables that lack one (a table
 * without a primary key is skipped, as Realtime cannot identify its rows) and drops them from
 * tables that left it. Returns the "schema.table" names being captured.
 */
export async function syncCapture(db: StackDatabase): Promise<Set<string>> {
  const exists = await db.query<{ ok: boolean }>(
    "select exists (select from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1 and p.proname = 'capture') as ok",
    [CAPTURE_SCHEMA],
  );
  if (!exists.rows[0]?.ok) await db.exec(FUNCTION_SQL);
  const { rows } = await db.query<PublishedTable>(
    `select pt.schemaname as schema, pt.tablename as table,
            array(select a.attname::text from pg_index i
                    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                   where i.indrelid = c.oid and i.indisprimary order by a.attnum) as pk,
            exists (select from pg_trigger t where t.tgrelid = c.oid and t.tgname = $1) as has_trigger
       from pg_publication_tables pt
       join pg_namespace n on n.nspname = pt.schemaname
       join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
      where pt.pubname = 'supabase_realtime'`,
    [TRIGGER],
  );
  const captured = new Set<string>();
  const ddl: string[] = [];
  for (const t of rows) {
    if (t.pk.length === 0) continue;
    captured.add(`${t.schema}.${t.table}`);
    if (t.has_trigger) continue;
    const args = t.pk.map((c) => `'${c.replace(/'/g, "''")}'`).join(', ');
    ddl.push(
      `create or replace trigger ${TRIGGER} after insert or update or delete on ${ident(t.schema)}.${ident(t.table)} ` +
        `for each row execute function ${CAPTURE_SCHEMA}.capture(${args});`,
    );
  }
  const stale = await db.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table from pg_trigger t
       join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where t.tgname = $1`,
    [TRIGGER],
  );
  for (const t of stale.rows) {
    if (!captured.has(`${t.schema}.${t.table}`))
      ddl.push(`drop trigger if exists ${TRIGGER} on ${ident(t.schema)}.${ident(t.table)};`);
  }
  if (ddl.length) await db.transaction((tx) => tx.exec(ddl.join('\n')));
  return captured;
}

export function parseChange(payload: string): Change | null {
  try {
    const c = JSON.parse(payload) as Change;
    if (typeof c.schema !== 'string' || typeof c.table !== 'string') return null;
    if (c.type !== 'INSERT' && c.type !== 'UPDATE' && c.type !== 'DELETE') return null;
    return c;
  } catch {
    return null;
  }
}

/**
 * LISTENs for captured changes: on PGlite through the shared session (every NOTIFY it receives,
 * whoever committed it), on PostgreSQL on a connection of its own. Returns the stopper.
 */
export async function listenForChanges(
  db: StackDatabase,
  onChange: (change: Change) => void,
): Promise<() => Promise<void>> {
  const deliver = (channel: string, payload: string | undefined) => {
    if (channel !== CAPTURE_CHANNEL || !payload) return;
    const change = parseChange(payload);
    if (change) onChange(change);
  };
  if (db.kind === 'pglite') {
    const off = db.onNotification(deliver);
    await db.exec(`listen ${CAPTURE_CHANNEL}`);
    return async () => {
      off();
      await db.exec(`unlisten ${CAPTURE_CHANNEL}`).catch(() => undefined);
    };
  }
  const client = new pg.Client({ connectionString: db.url });
  client.on('error', () => undefined);
  client.on('notification', (n) => deliver(n.channel, n.payload));
  await client.connect();
  await client.query(`listen ${CAPTURE_CHANNEL}`);
  return () => client.end().catch(() => undefined);
}
