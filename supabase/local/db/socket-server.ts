/**
 * A Postgres wire-protocol server in front of PGlite that gives each client connection
 * transaction-level exclusivity over the single PGlite session.
 *
 * Why not pglite-socket's PGLiteSocketServer: its query queue interleaves connections per
 * protocol message and only keeps a connection "sticky" while `isInTransaction()` is true.
 * That lets another connection's Parse/Bind slip between one client's Parse and Sync (the
 * unnamed statement and portal are per session), and lets a socket client's message run inside
 * an in-process transaction (or the reverse). Here a connection takes the session lock when it
 * sends its first message and keeps it until the backend reports ReadyForQuery with status
 * 'I' (idle, outside any transaction): an extended-protocol batch or an explicit transaction
 * runs as one unit. In-process callers take the same lock (see pglite-database.ts).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { Release, SessionLock } from './session-lock';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** A Sync message: ends an extended-protocol batch, leaving the backend ready for anything. */
const SYNC = Uint8Array.from([0x53, 0, 0, 0, 4]);

/** `NOTIFY` as the backend reports it to the session (NotificationResponse). */
export type NotificationHandler = (channel: string, payload: string) => void;

/**
 * Follows the backend's output stream across chunks and remembers the status byte of the last
 * ReadyForQuery ('Z') message it saw. NotificationResponse ('A') messages are handed to
 * `onNotification`: PGlite parses them only for its own in-process queries, and a NOTIFY
 * committed by a socket client (PostgREST) arrives in that client's raw stream instead.
 */
class ReadyForQueryScanner {
  private header: Buffer = Buffer.alloc(0);
  private skip = 0;
  private type = 0;
  private body: Buffer[] = [];
  status: number | null = null;

  constructor(private readonly onNotification?: NotificationHandler) {}

  feed(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        if (this.type === 0x5a && this.skip === 1) this.status = chunk[i] ?? null;
        if (this.type === 0x41 && this.onNotification) this.body.push(Buffer.from(chunk.subarray(i, i + n)));
        this.skip -= n;
        i += n;
        if (this.skip === 0 && this.type === 0x41) this.notify();
        continue;
      }
      const need = 5 - this.header.length;
      const take = Math.min(need, chunk.length - i);
      this.header = Buffer.concat([this.header, chunk.subarray(i, i + take)]);
      i += take;
      if (this.header.length === 5) {
        this.type = this.header[0] ?? 0;
        this.skip = this.header.readInt32BE(1) - 4;
        this.header = Buffer.alloc(0);
      }
    }
  }

  /** NotificationResponse body: Int32 pid, channel\0, payload\0. */
  private notify(): void {
    const body = Buffer.concat(this.body);
    this.body = [];
    if (!this.onNotification || body.length < 6) return;
    const channelEnd = body.indexOf(0, 4);
    const payloadEnd = body.indexOf(0, channelEnd + 1);
    if (channelEnd < 0 || payloadEnd < 0) return;
    const channel = body.toString('utf8', 4, channelEnd);
    const payload = body.toString('utf8', channelEnd + 1, payloadEnd);
    queueMicrotask(() => this.onNotification?.(channel, payload));
  }
}

/** An ErrorResponse the client shows before the connection closes (FATAL, with SQLSTATE). */
function fatal(code: string, message: string): Buffer {
  const field = (t: string, v: string) => Buffer.concat([Buffer.from(t, 'latin1'), Buffer.from(`${v}\0`, 'utf8')]);
  const body = Buffer.concat([
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', code),
    field('M', message),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

class Connection {
  private idleTimer: NodeJS.Timeout | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly pending: Buffer[] = [];
  private pumping = false;
  private release: Release | null = null;
  private started = false;
  private startupDone = false;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly pg: PGlite,
    private readonly lock: SessionLock,
    private readonly onGone: (c: Connection) => void,
    private readonly idleInTransactionMs: number,
    private readonly onNotification?: NotificationHandler,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (data) => this.onData(data));
    socket.on('error', () => this.close());
    socket.on('close', () => this.close());
  }

  private onData(data: Buffer): void {
    clearTimeout(this.idleTimer);
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const len = this.buffer.readInt32BE(0);
        if (this.buffer.length < len) return;
        const code = this.buffer.readInt32BE(4);
        const msg = this.buffer.subarray(0, len);
        this.buffer = this.buffer.subarray(len);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          // PGlite has no backend process to signal; the protocol expects no reply.
          this.socket.end();
          return;
        }
        if (code !== PROTOCOL_3) {
          this.socket.destroy();
          return;
        }
        this.started = true;
        this.pending.push(Buffer.from(msg));
        continue;
      }
      if (this.buffer.length < 5) break;
      const len = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < len) break;
      this.pending.push(Buffer.from(this.buffer.subarray(0, len)));
      this.buffer = this.buffer.subarray(len);
    }
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.pending.length > 0 && !this.closed) {
        if (this.pending[0]?.[0] === 0x58 /* 'X' Terminate */) {
          this.socket.end();
          await this.close();
          return;
        }
        // Everything that has arrived (up to a Terminate) goes to PGlite in one call: a client
        // sends Parse/Bind/Describe/Execute/Sync together, and one call costs a fifth of five.
        // The startup packet always goes alone (PGlite answers it specially).
        const isStartup = !this.startupDone;
        this.startupDone = true;
        const batch: Buffer[] = [this.pending.shift() as Buffer];
        while (!isStartup && this.pending.length > 0 && this.pending[0]?.[0] !== 0x58)
          batch.push(this.pending.shift() as Buffer);
        const last = batch[batch.length - 1] as Buffer;
        if (!this.release) {
          const release = await this.lock.acquire();
          if (this.closed) {
            release();
            break;
          }
          this.release = release;
        }
        const scanner = new ReadyForQueryScanner(this.onNotification);
        await this.pg.runExclusive(() =>
          this.pg.execProtocolRawStream(new Uint8Array(batch.length === 1 ? last : Buffer.concat(batch)), {
            onRawData: (chunk) => {
              scanner.feed(chunk);
              if (!this.closed && this.socket.writable) this.socket.write(Buffer.from(chunk));
            },
          }),
        );
        // Disconnected meanwhile: the clean-up in `finally` rolls back and lets go.
        if (this.closed) break;
        // The session is only handed on when this client's batch ended with a Sync or a simple
        // Query (or was the startup) and the backend is idle outside a transaction: mid-batch,
        // the unnamed statement/portal are this client's; in a transaction, everything is.
        const endsBatch = isStartup || last[0] === 0x53 /* 'S' Sync */ || last[0] === 0x51; /* 'Q' Query */
        if (endsBatch && scanner.status === 0x49 /* 'I' */) this.releaseLock();
      }
      // Holding the whole database while the client does nothing (a psql user who typed BEGIN
      // and left) would stall every other request: end it like idle_in_transaction_session_timeout.
      if (this.release && !this.closed && this.pending.length === 0 && this.idleInTransactionMs > 0) {
        clearTimeout(this.idleTimer);
        this.idleTimer = setTimeout(() => {
          if (!this.release || this.closed) return;
          if (this.socket.writable)
            this.socket.write(fatal('25P03', 'terminating connection due to idle-in-transaction timeout'));
          void this.close();
        }, this.idleInTransactionMs);
      }
    } catch (err) {
      this.socket.destroy(err as Error);
      await this.close();
    } finally {
      this.pumping = false;
      if (this.closed) await this.cleanUp();
    }
  }

  private releaseLock(): void {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.pending.length = 0;
    this.socket.destroy();
    this.onGone(this);
    // While a batch is executing, pump() cleans up when it returns: doing it here could run
    // after pump() already handed the session to someone else, and roll back *their* work.
    if (!this.pumping) await this.cleanUp();
  }

  /** After a disconnect: end any half-sent batch and roll back an open transaction, then let go. */
  private async cleanUp(): Promise<void> {
    if (!this.release) return;
    try {
      await this.pg.runExclusive(() => this.pg.execProtocolRawStream(SYNC, { onRawData: () => {} }));
      if (this.pg.isInTransaction()) await this.pg.exec('rollback');
    } finally {
      this.releaseLock();
    }
  }
}

export interface PgliteSocketServer {
  port: number;
  /** Connections currently open (PostgREST's pool). */
  readonly connections: number;
  stop(): Promise<void>;
}

export interface SocketServerOptions {
  /** 0 = a free port. */
  port?: number;
  /** A client idle inside a transaction longer than this is disconnected (rolled back). Default 60 s; 0 = never. */
  idleInTransactionMs?: number;
  /** NOTIFYs delivered to the session while a socket client's statements ran (LISTEN is per session). */
  onNotification?: NotificationHandler;
}

/** Serves `pg` on 127.0.0.1. */
export async function startPgliteSocketServer(
  pg: PGlite,
  lock: SessionLock,
  opts: SocketServerOptions = {},
): Promise<PgliteSocketServer> {
  const port = opts.port ?? 0;
  const idle = opts.idleInTransactionMs ?? 60_000;
  const conns = new Set<Connection>();
  const server: Server = createServer((socket) => {
    conns.add(new Connection(socket, pg, lock, (c) => conns.delete(c), idle, opts.onNotification));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('socket server has no TCP address');
  return {
    port: address.port,
    get connections() {
      return conns.size;
    },
    async stop() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...conns].map((c) => c.close()));
      await closing;
    },
  };
}
