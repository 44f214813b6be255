/**
 * `Database` on PGlite: one embedded Postgres session shared by in-process callers and by socket
 * clients (PostgREST), serialised by one `SessionLock` at transaction granularity.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Database, RequestContext, Sql } from '../types';
import { assertRoleName, roleContextStatement } from './role-context';
import { SessionLock } from './session-lock';
import { startPgliteSocketServer, type NotificationHandler, type PgliteSocketServer } from './socket-server';

/** The contrib extensions migrations may `create extension` (Supabase has them all). */
export const PGLITE_EXTENSIONS = { pgcrypto, btree_gist, pg_trgm, citext, uuid_ossp, moddatetime, unaccent };

function wrapSql(target: Pick<PGlite, 'query' | 'exec'>): Sql {
  return {
    async query<T>(text: string, params?: unknown[]) {
      const r = await target.query<T>(text, params);
      return { rows: r.rows, affectedRows: r.affectedRows };
    },
    async exec(text: string) {
      await target.exec(text);
    },
  };
}

export interface PgliteDatabase extends Database {
  readonly kind: 'pglite';
  readonly pglite: PGlite;
  readonly lock: SessionLock;
  /** Serves the session over the Postgres wire protocol (for PostgREST). */
  listen(port?: number, opts?: { idleInTransactionMs?: number }): Promise<PgliteSocketServer>;
  /** A tarball of the data directory (for the migration snapshot cache). */
  dump(): Promise<Blob>;
  /**
   * Every NOTIFY the session receives (after a `LISTEN` through `exec`), whoever's statement
   * committed it: in-process callers or socket clients. Returns the unsubscriber.
   */
  onNotification(handler: NotificationHandler): () => void;
}

export async function openPglite(opts: { dataDir?: string | null; loadDataDir?: Blob }): Promise<PgliteDatabase> {
  const options: PGliteOptions = { extensions: PGLITE_EXTENSIONS };
  if (opts.dataDir) options.dataDir = opts.dataDir;
  if (opts.loadDataDir) options.loadDataDir = opts.loadDataDir;
  const pg = await PGlite.create(options);
  const lock = new SessionLock();
  const servers = new Set<PgliteSocketServer>();
  const notificationHandlers = new Set<NotificationHandler>();
  const notify: NotificationHandler = (channel, payload) => {
    for (const handler of notificationHandlers) handler(channel, payload);
  };
  // In-process statements: PGlite parses the protocol itself and reports NOTIFYs here.
  pg.onNotification(notify);

  // Plain BEGIN/COMMIT rather than PGlite's transaction(): that one holds PGlite's internal
  // mutex for its whole duration, so a nested `db.query` from the same context would deadlock.
  const transaction = <T>(fn: (tx: Sql) => Promise<T>): Promise<T> =>
    lock.run(async () => {
      if (pg.isInTransaction()) return savepoint(pg, fn);
      await pg.exec('begin');
      try {
        const result = await fn(wrapSql(pg));
        await pg.exec('commit');
        return result;
      } catch (err) {
        if (pg.isInTransaction()) await pg.exec('rollback');
        throw err;
      }
    });

  const db: PgliteDatabase = {
    kind: 'pglite',
    pglite: pg,
    lock,
    query: (text, params) => lock.run(() => wrapSql(pg).query(text, params)),
    exec: (text) => lock.run(() => wrapSql(pg).exec(text)),
    transaction,
    asRole(ctx: RequestContext, fn, options) {
      assertRoleName(ctx.role);
      return transaction(async (tx) => {
        if (options?.readOnly) await tx.exec('set transaction read only');
        const stmt = roleContextStatement(ctx);
        await tx.query(stmt.text, stmt.params);
        return fn(tx);
      });
    },
    async listen(port = 0, opts = {}) {
      const server = await startPgliteSocketServer(pg, lock, { port, ...opts, onNotification: notify });
      servers.add(server);
      return {
        port: server.port,
        get connections() {
          return server.connections;
        },
        async stop() {
          servers.delete(server);
          await server.stop();
        },
      };
    },
    dump: () => lock.run(() => pg.dumpDataDir('none')),
    onNotification(handler) {
      notificationHandlers.add(handler);
      return () => notificationHandlers.delete(handler);
    },
    async close() {
      await Promise.all([...servers].map((s) => s.stop()));
      await lock.run(() => pg.close());
    },
  };
  return db;
}

/**
 * A `transaction` called while this context already holds an open transaction (nested use)
 * becomes a savepoint, as it would with a real driver's nested-transaction helper.
 */
async function savepoint<T>(pg: PGlite, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const name = `sp_${Math.random().toString(36).slice(2, 10)}`;
  await pg.exec(`savepoint ${name}`);
  try {
    const result = await fn(wrapSql(pg));
    await pg.exec(`release savepoint ${name}`);
    return result;
  } catch (err) {
    await pg.exec(`rollback to savepoint ${name}`);
    throw err;
  }
}
