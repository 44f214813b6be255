/**
 * Fans a captured change out to the postgres_changes subscribers whose schema, table, event and
 * filter match, in the shape hosted Realtime sends (`{ids, data: {schema, table,
 * commit_timestamp, type, columns, record, old_record, errors}}`, read by realtime-js
 * RealtimeChannel._getPayloadRecords). INSERT/UPDATE rows are read again as each distinct
 * subscriber (role + JWT claims, as PostgREST sets them) so RLS decides who sees them: one read
 * per change and token, not per channel. DELETE sends the old primary key only and skips RLS, as
 * hosted does with the default replica identity.
 */
import type { StackDatabase } from '../database';
import type { ChannelAuth } from './auth';
import type { Change } from './capture';
import { matchesFilter, type FilterClause } from './filters';

export interface Binding {
  /** What realtime-js matches events by (`payload.ids`). */
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  /** null: the filter did not parse; the binding never matches. */
  clauses: FilterClause[] | null;
}

export interface Subscriber {
  auth: ChannelAuth;
  /** The token the channel acts with (the grouping key for RLS reads). */
  token: string;
  bindings: Binding[];
  send(payload: Record<string, unknown>): void;
}

interface TableColumns {
  columns: Array<{ name: string; type: string }>;
  types: Map<string, string>;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

function bindingMatches(b: Binding, change: Change): boolean {
  if (!b.clauses) return false;
  if (b.schema !== '*' && b.schema !== change.schema) return false;
  if (b.table && b.table !== '*' && b.table !== change.table) return false;
  return b.event === '*' || b.event.toUpperCase() === change.type;
}

export interface ChangeDispatcher {
  dispatch(change: Change, subscribers: Iterable<Subscriber>): Promise<void>;
  /** Forget cached column lists (after the publication changed). */
  reset(): void;
}

export function createChangeDispatcher(db: StackDatabase, log: (line: string) => void): ChangeDispatcher {
  const columnCache = new Map<string, Promise<TableColumns>>();

  function columnsOf(schema: string, table: string): Promise<TableColumns> {
    const key = `${schema}.${table}`;
    let cached = columnCache.get(key);
    if (!cached) {
      cached = db
        .query<{ name: string; type: string }>(
          `select a.attname::text as name, t.typname::text as type
             from pg_attribute a join pg_type t on t.oid = a.atttypid
            where a.attrelid = ($1 || '.' || $2)::regclass and a.attnum > 0 and not a.attisdropped
            order by a.attnum`,
          [ident(schema), ident(table)],
        )
        .then(({ rows }) => ({ columns: rows, types: new Map(rows.map((r) => [r.name, r.type])) }));
      cached.catch(() => columnCache.delete(key));
      columnCache.set(key, cached);
    }
    return cached;
  }

  /** The row as `auth` may see it, or null when RLS (or a missing grant) hides it. */
  async function readAs(auth: ChannelAuth, change: Change): Promise<Record<string, unknown> | null> {
    const cols = Object.keys(change.keys);
    if (cols.length === 0) return null;
    const where = cols.map((c, i) => `t.${ident(c)} = $${i + 1}`).join(' and ');
    const params = cols.map((c) => {
      const v = change.keys[c];
      return v === null || typeof v === 'string' ? v : JSON.stringify(v);
    });
    const sql = `select to_jsonb(t.*) as record from ${ident(change.schema)}.${ident(change.table)} as t where ${where}`;
    try {
      const { rows } = await db.asRole(
        { role: auth.role, claims: auth.claims, method: 'GET', path: '/realtime/v1' },
        (tx) => tx.query<{ record: Record<string, unknown> }>(sql, params),
        { readOnly: true },
      );
      return rows[0]?.record ?? null;
    } catch (err) {
      // A role without SELECT on the table sees nothing, as hosted Realtime's RLS check does.
      if (!/permission denied/i.test((err as Error).message))
        log(`Realtime: reading ${change.schema}.${change.table} failed: ${(err as Error).message}`);
      return null;
    }
  }

  async function dispatch(change: Change, subscribers: Iterable<Subscriber>): Promise<void> {
    const interested: Array<{ sub: Subscriber; bindings: Binding[] }> = [];
    for (const sub of subscribers) {
      const bindings = sub.bindings.filter((b) => bindingMatches(b, change));
      if (bindings.length) interested.push({ sub, bindings });
    }
    if (interested.length === 0) return;
    const { columns, types } = await columnsOf(change.schema, change.table);
    const base = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: new Date(change.at).toISOString(),
      type: change.type,
      columns,
      errors: null,
    };
    if (change.type === 'DELETE') {
      for (const { sub, bindings } of interested) {
        const ids = bindings.filter((b) => matchesFilter(b.clauses ?? [], change.old_keys, types)).map((b) => b.id);
        if (ids.length) sub.send({ ids, data: { ...base, old_record: change.old_keys } });
      }
      return;
    }
    const byToken = new Map<string, Array<{ sub: Subscriber; bindings: Binding[] }>>();
    for (const entry of interested) {
      const group = byToken.get(entry.sub.token);
      if (group) group.push(entry);
      else byToken.set(entry.sub.token, [entry]);
    }
    for (const group of byToken.values()) {
      const record = await readAs(group[0]!.sub.auth, change);
      if (!record) continue;
      for (const { sub, bindings } of group) {
        const ids = bindings.filter((b) => matchesFilter(b.clauses ?? [], record, types)).map((b) => b.id);
        if (!ids.length) continue;
        const data: Record<string, unknown> = { ...base, record };
        if (change.type === 'UPDATE') data.old_record = change.old_keys;
        sub.send({ ids, data });
      }
    }
  }

  return { dispatch, reset: () => columnCache.clear() };
}
