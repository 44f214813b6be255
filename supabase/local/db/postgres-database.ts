/**
 * `Database` on a real PostgreSQL server (SUPABASE_DB_URL): a `pg` pool; every transaction gets
 * its own connection, so exclusivity comes from Postgres itself.
 */
import pg from 'pg';
import type { Database, RequestContext, Sql } from '../types';
import { assertRoleName, roleContextStatement } from './role-context';

function wrap(client: pg.Pool | pg.PoolClient): Sql {
  return {
    async query<T>(text: string, params?: unknown[]) {
      const r = await client.query(text, params as unknown[]);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? undefined };
    },
    async exec(text: string) {
      await client.query(text);
    },
  };
}

export interface PostgresDatabase extends Database {
  readonly kind: 'postgres';
  readonly url: string;
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<PostgresDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  // Fail fast with a clear message when the server is not there.
  await pool.query('select 1');
  // Supabase's postgres role searches `extensions` too; set it per connection so connections
  // opened before the baseline's `alter role` behave like later ones.
  pool.on('connect', (client) => {
    client.query('set search_path to "$user", public, extensions').catch(() => undefined);
  });
  pool.on('error', () => {
    /* idle client dropped by the server; the pool replaces it */
  });

  const transaction = async <T>(fn: (tx: Sql) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };

  const base = wrap(pool);
  return {
    kind: 'postgres',
    url,
    query: base.query,
    exec: base.exec,
    transaction,
    asRole<T>(ctx: RequestContext, fn: (tx: Sql) => Promise<T>, options?: { readOnly?: boolean }) {
      assertRoleName(ctx.role);
      return transaction(async (tx) => {
        if (options?.readOnly) await tx.exec('set transaction read only');
        const stmt = roleContextStatement(ctx);
        await tx.query(stmt.text, stmt.params);
        return fn(tx);
      });
    },
    close: () => pool.end(),
  };
}
