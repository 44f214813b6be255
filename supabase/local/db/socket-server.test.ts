/**
 * PGlite has one session. These tests prove the wire server gives each client (and each
 * in-process transaction) exclusive use of it for a whole transaction or extended-protocol
 * batch: nobody sees another's role, settings or uncommitted rows, and a COMMIT only ever
 * commits its own work.
 */
import { connect as netConnect, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDatabase } from './pglite-database';
import type { PgliteSocketServer } from './socket-server';

let db: PgliteDatabase;
let server: PgliteSocketServer;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${server.port}/postgres?sslmode=disable`,
  });
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
    await a.query(
      "select set_config('role', 'iso_anon', true), set_config('request.jwt.claims', '{\"sub\":\"a\"}', true)",
    );
    await a.query("insert into public.iso values (1, 'a-uncommitted')");

    const order: string[] = [];
    const bRead = b
      .query(
        "select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims, (select count(*)::int from public.iso) as n",
      )
      .then((r) => {
        order.push('b');
        return r.rows[0];
      });
    const inProc = db
      .query<{ who: string; n: number }>('select current_user as who, (select count(*)::int from public.iso) as n')
      .then((r) => {
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
    const seen = await db.asRole(
      { role: 'iso_anon', claims: { sub: '11111111-1111-4111-8111-111111111111', role: 'iso_anon' } },
      async (tx) =>
        (
          await tx.query<{ who: string; sub: string }>(
            "select current_user as who, current_setting('request.jwt.claim.sub', true) as sub",
          )
        ).rows[0],
    );
    expect(seen).toEqual({ who: 'iso_anon', sub: '11111111-1111-4111-8111-111111111111' });
    const after = await db.query<{ who: string; sub: string | null }>(
      "select current_user as who, nullif(current_setting('request.jwt.claim.sub', true), '') as sub",
    );
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

  it('keeps the session for a client between a Sync-ended batch and its next half-sent batch', async () => {
    const raw = await rawClient();
    const other = await connect();
    // One packet: a complete batch, then Parse + Bind of the next one without Execute/Sync.
    raw.socket.write(
      Buffer.concat([
        parseMsg("select 'first'::text as v"),
        bindMsg(),
        executeMsg(),
        syncMsg(),
        parseMsg("select 'mine'::text as v"),
        bindMsg(),
      ]),
    );
    await raw.waitFor((types) => types.includes('Z'));
    await sleep(50);
    let otherDone = false;
    const otherQuery = other.query("select 'other'::text as v").then((r) => {
      otherDone = true;
      return r.rows[0];
    });
    await sleep(100);
    expect(otherDone).toBe(false);
    raw.socket.write(Buffer.concat([executeMsg(), syncMsg()]));
    await raw.waitFor((types) => (types.match(/Z/g) ?? []).length >= 2);
    expect(raw.rows()).toEqual(['first', 'mine']);
    expect(await otherQuery).toEqual({ v: 'other' });
    raw.socket.end(Buffer.from([0x58, 0, 0, 0, 4]));
  });

  it('disconnects a client left idle inside a transaction, rolling it back', async () => {
    const short = await db.listen(0, { idleInTransactionMs: 200 });
    try {
      const c = new pg.Client({
        connectionString: `postgres://postgres@127.0.0.1:${short.port}/postgres?sslmode=disable`,
      });
      const errors: Error[] = [];
      c.on('error', (e) => errors.push(e));
      await c.connect();
      await c.query('begin');
      await c.query("insert into public.iso values (4, 'idle')");
      // Another user of the session is not blocked for longer than the timeout.
      const t = Date.now();
      const r = await db.query<{ n: number }>('select count(*)::int as n from public.iso where id = 4');
      expect(r.rows[0]).toEqual({ n: 0 });
      expect(Date.now() - t).toBeLessThan(5000);
      for (let i = 0; i < 50 && errors.length === 0; i++) await sleep(20);
      expect(errors[0]?.message).toMatch(/idle-in-transaction timeout/);
    } finally {
      await short.stop();
    }
  });
});

function msg(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstr = (s: string) => Buffer.from(`${s}\0`, 'utf8');
const parseMsg = (sql: string) => msg('P', Buffer.concat([cstr(''), cstr(sql), Buffer.from([0, 0])]));
const bindMsg = () => msg('B', Buffer.concat([cstr(''), cstr(''), Buffer.from([0, 0, 0, 0, 0, 0])]));
const executeMsg = () => msg('E', Buffer.concat([cstr(''), Buffer.from([0, 0, 0, 0])]));
const syncMsg = () => msg('S', Buffer.alloc(0));

/** A bare wire-protocol client: records backend message types and DataRow text values. */
async function rawClient(): Promise<{
  socket: Socket;
  waitFor(pred: (types: string) => boolean): Promise<void>;
  rows(): string[];
}> {
  const socket = netConnect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let buf = Buffer.alloc(0);
  let types = '';
  const values: string[] = [];
  socket.on('data', (d) => {
    buf = Buffer.concat([buf, d]);
    while (buf.length >= 5) {
      const len = buf.readInt32BE(1);
      if (buf.length < 1 + len) break;
      const type = String.fromCharCode(buf[0] as number);
      if (type === 'D') {
        const l = buf.readInt32BE(7);
        values.push(buf.subarray(11, 11 + l).toString('utf8'));
      }
      types += type;
      buf = buf.subarray(1 + len);
    }
  });
  const waitFor = async (pred: (t: string) => boolean) => {
    for (let i = 0; i < 250 && !pred(types); i++) await sleep(20);
    if (!pred(types)) throw new Error(`raw client saw only ${types}`);
  };
  const params = Buffer.concat([cstr('user'), cstr('postgres'), cstr('database'), cstr('postgres'), Buffer.from([0])]);
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8 + params.length, 0);
  startup.writeInt32BE(196608, 4);
  socket.write(Buffer.concat([startup, params]));
  await waitFor((t) => t.includes('Z'));
  types = '';
  return { socket, waitFor, rows: () => [...values] };
}

describe('NOTIFY on the shared session', () => {
  it('reaches onNotification whether a socket client or an in-process caller committed it', async () => {
    const seen: string[] = [];
    const off = db.onNotification((channel, payload) => {
      if (channel === 'wire_test') seen.push(payload);
    });
    await db.exec('listen wire_test');
    const c = await connect();
    await c.query('begin');
    await c.query("select pg_notify('wire_test', 'from the socket')");
    expect(seen).toEqual([]); // delivered at commit, not before
    await c.query('commit');
    await db.query("select pg_notify('wire_test', 'in process')");
    for (let i = 0; i < 50 && seen.length < 2; i++) await sleep(10);
    expect(seen).toEqual(['from the socket', 'in process']);
    off();
    await db.exec('unlisten wire_test');
  });
});
