/**
 * PGlite has one session. These tests prove the wire server gives each client (and each
 * in-process transaction) exclusive use of it for a whole transaction or extended-protocol
 * batch: nobody sees another's role, settings or uncommitted rows, and a COMMIT only ever
 * commits its own work.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDatabase } from './pglite-database';
import type { PgliteSocketServer } from './socket-server';

let db: PgliteDatabase;
let server: PgliteSocketServer;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${server.port}/postgres?sslmode=disable` });
  await c.connect();
  clients.push(c);
  return c;
}

beforeAll(async () => {
  db = await openPglite({});
  await db.exec(`
    create role iso_anon nologin;
    create table public.iso (id int primary key, who text not null);
    grant select, insert on public.iso to iso_anon;
  `);
  server = await db.listen(0);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  await db?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('transaction-level exclusivity over one PGlite session', () => {
  it("a socket client's open transaction is invisible to other clients and to in-process queries", async () => {
    const a = await connect();
    const b = await connect();
    await a.query('begin');
    await a.query("select set_config('role', 'iso_anon', true), set_config('request.jwt.claims', '{\"sub\":\"a\"}', true)");
    await a.query("insert into public.iso values (1, 'a-uncommitted')");

    const order: string[] = [];
    const bRead = b
      .query("select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims, (select count(*)::int from public.iso) as n")
      .then((r) => {
        order.push('b');
        return r.rows[0];
      });
    const inProc = db.query<{ who: string; n: number }>('select current_user as who, (select count(*)::int from public.iso) as n').then((r) => {
      order.push('in-process');
      return r.rows[0];
    });
    await sleep(100);
    // Both are still waiting: A owns the session until its transaction ends.
    expect(order).toEqual([]);
    order.push('a-rollback-sent');
    await a.query('rollback');

    expect(await bRead).toEqual({ who: 'postgres', claims: null, n: 0 });
    expect(await inProc).toEqual({ who: 'postgres', n: 0 });
    expect(order[0]).toBe('a-rollback-sent');
  });

  it('an in-process transaction is invisible to socket clients, and their COMMIT cannot commit it', async () => {
    const b = await connect();
    let bDone = false;
    let bResult: unknown;
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into public.iso values (2, 'in-process-uncommitted')");
        const bQuery = (async () => {
          await b.query('begin');
          const r = await b.query('select count(*)::int as n from public.iso');
          await b.query('commit');
          bDone = true;
          bResult = r.rows[0];
        })();
        void bQuery;
        await sleep(100);
        // B could not start while this transaction holds the session.
        expect(bDone).toBe(false);
        const me = await tx.query<{ who: string }>('select current_user as who');
        expect(me.rows[0]?.who).toBe('postgres');
        throw new Error('roll back on purpose');
      }),
    ).rejects.toThrow('roll back on purpose');
    for (let i = 0; i < 50 && !bDone; i++) await sleep(20);
    expect(bDone).toBe(true);
    expect(bResult).toEqual({ n: 0 });
    expect((await db.query('select count(*)::int as n from public.iso')).rows[0]).toEqual({ n: 0 });
  });

  it('asRole runs as the role with its claims, and nothing leaks afterwards', async () => {
    const seen = await db.asRole({ role: 'iso_anon', claims: { sub: '11111111-1111-4111-8111-111111111111', role: 'iso_anon' } }, async (tx) =>
      (await tx.query<{ who: string; sub: string }>("select current_user as who, current_setting('request.jwt.claim.sub', true) as sub")).rows[0],
    );
    expect(seen).toEqual({ who: 'iso_anon', sub: '11111111-1111-4111-8111-111111111111' });
    const after = await db.query<{ who: string; sub: string | null }>("select current_user as who, nullif(current_setting('request.jwt.claim.sub', true), '') as sub");
    expect(after.rows[0]).toEqual({ who: 'postgres', sub: null });
  });

  it('concurrent extended-protocol batches from many clients never interleave', async () => {
    const conns = await Promise.all(Array.from({ length: 6 }, () => connect()));
    const mismatches: string[] = [];
    await Promise.all(
      conns.map(async (c, ci) => {
        for (let i = 0; i < 25; i++) {
          const tag = `c${ci}-q${i}`;
          if (i % 2 === 0) {
            // Parse/Bind/Execute/Sync with a parameter: the unnamed statement and portal are per session.
            const r = await c.query("select $1::text as tag, set_config('app.tag', $1::text, false) as set_to", [tag]);
            if (r.rows[0]?.tag !== tag) mismatches.push(`${tag} got ${r.rows[0]?.tag}`);
          } else {
            await c.query('begin');
            await c.query("select set_config('app.tx', $1::text, true)", [tag]);
            await sleep(1);
            const r = await c.query("select current_setting('app.tx') as v");
            await c.query('commit');
            if (r.rows[0]?.v !== tag) mismatches.push(`${tag} saw ${r.rows[0]?.v}`);
          }
        }
      }),
    );
    expect(mismatches).toEqual([]);
  });

  it('a client that disconnects inside a transaction is rolled back and releases the session', async () => {
    const a = await connect();
    a.on('error', () => undefined);
    await a.query('begin');
    await a.query("insert into public.iso values (3, 'abandoned')");
    // Destroy the socket without a Terminate message, as a crashed client would.
    (a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    clients.splice(clients.indexOf(a), 1);
    const r = await db.query<{ n: number }>('select count(*)::int as n from public.iso where id = 3');
    expect(r.rows[0]).toEqual({ n: 0 });
  });
});
