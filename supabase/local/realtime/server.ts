/**
 * The local stack's Supabase Realtime server at /realtime/v1/websocket (docs/local-stack.md,
 * "Realtime"): the Phoenix channel protocol realtime-js speaks (vsn 1.0.0 and 2.0.0), with
 * - `phx_join` (postgres_changes bindings, broadcast `self`/`ack`, presence), `phx_leave`,
 *   `access_token` (token refresh), `heartbeat` on topic `phoenix`;
 * - postgres_changes from the tables of the `supabase_realtime` publication, under RLS
 *   (capture.ts, changes.ts);
 * - broadcast between the sockets joined to a topic, and presence (track / untrack →
 *   presence_state / presence_diff).
 * Private channels (RLS on realtime.messages) are refused: the local database has no realtime schema.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { StackDatabase } from '../database';
import { apiKeyOf } from '../gateway';
import { roleForApiKey } from '../keys';
import type { Service, StackKeys } from '../types';
import { authorizeToken, ChannelAuthError, type ChannelAuth } from './auth';
import { createBroadcastApi } from './broadcast-api';
import { listenForChanges, syncCapture, type Change } from './capture';
import { createChangeDispatcher, type Binding, type Subscriber } from './changes';
import { parseFilter } from './filters';
import { createPresences } from './presence';
import { decodeFrame, encodeFrame, parseVsn, type Frame, type Vsn } from './protocol';

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeOptions {
  db: StackDatabase;
  keys: StackKeys;
  log?: (line: string) => void;
}

export interface RealtimeServer {
  /** The gateway's `upgrade` handler; false when the path is not Realtime's. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /**
   * Realtime's REST API behind the gateway's /realtime/v1 (key checked there): broadcast from a
   * server or a client that has not joined (`POST /api/broadcast`, realtime-js `httpSend`).
   */
  service: Service;
  /** Open sockets (tests check that stop leaves none). */
  readonly connections: number;
  close(): Promise<void>;
}

interface Conn {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
}

interface Channel extends Subscriber {
  conn: Conn;
  topic: string;
  joinRef: string | null;
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  expiry?: NodeJS.Timeout;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

export function createRealtime(opts: RealtimeOptions): RealtimeServer {
  const { db, keys } = opts;
  const log = opts.log ?? (() => undefined);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const conns = new Set<Conn>();
  const topics = new Map<string, Set<Channel>>();
  const presence = createPresences<Channel>((topic, diff) => {
    for (const ch of topics.get(topic) ?? []) push(ch, 'presence_diff', diff);
  });
  const dispatcher = createChangeDispatcher(db, log);
  let capture: Promise<() => Promise<void>> | null = null;
  let changes: Promise<void> = Promise.resolve();
  let syncing: Promise<void> = Promise.resolve();
  let bindingIds = 0;
  let closed = false;

  function send(conn: Conn, frame: Frame) {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(encodeFrame(conn.vsn, frame));
  }
  function reply(conn: Conn, frame: Frame, status: 'ok' | 'error', response: Record<string, unknown> = {}) {
    send(conn, {
      join_ref: frame.join_ref,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }
  function push(ch: Channel, event: string, payload: Record<string, unknown>) {
    send(ch.conn, { join_ref: ch.joinRef, ref: null, topic: ch.topic, event, payload });
  }
  function system(ch: Channel, extension: string, status: 'ok' | 'error', message: string) {
    push(ch, 'system', { extension, status, message, channel: ch.topic.slice('realtime:'.length) });
  }

  /** Captured changes, one at a time so every subscriber sees them in commit order. */
  function onChange(change: Change) {
    changes = changes
      .then(() => dispatcher.dispatch(change, allChannels()))
      .catch((err: unknown) => log(`Realtime: delivering a change failed: ${(err as Error).message}`));
  }
  function* allChannels(): Iterable<Channel> {
    for (const set of topics.values()) yield* set;
  }
  /** Triggers on the publication's tables and the LISTEN, set up when the first subscriber needs them. */
  function ensureCapture(): Promise<void> {
    capture ??= listenForChanges(db, onChange).catch((err: unknown) => {
      capture = null; // the next join tries again
      throw err;
    });
    // One sync at a time: two joins must not both find a table without its trigger.
    const run = syncing.then(async () => {
      await capture;
      await syncCapture(db);
      dispatcher.reset();
    });
    syncing = run.catch(() => undefined);
    return run;
  }

  // ---- channels -------------------------------------------------------------------------------
  function removeChannel(ch: Channel) {
    clearTimeout(ch.expiry);
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    const set = topics.get(ch.topic);
    set?.delete(ch);
    if (set?.size === 0) topics.delete(ch.topic);
    presence.untrack(ch, ch.topic, ch.presenceKey);
  }
  /** Ends a channel the server gives up on (expired or refused token), as hosted's shutdown_response does. */
  function shutdown(ch: Channel, message: string) {
    system(ch, 'system', 'error', message);
    push(ch, 'phx_close', {});
    removeChannel(ch);
  }
  function armExpiry(ch: Channel) {
    clearTimeout(ch.expiry);
    if (ch.auth.exp === null) return;
    const ms = ch.auth.exp * 1000 - Date.now();
    ch.expiry = setTimeout(
      () =>
        shutdown(
          ch,
          `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - (ch.auth.exp ?? 0))} seconds ago`,
        ),
      Math.min(Math.max(ms, 0), MAX_TIMER_MS),
    );
    ch.expiry.unref();
  }

  async function join(conn: Conn, frame: Frame) {
    const { topic, payload } = frame;
    const refuse = (reason: string) => reply(conn, frame, 'error', { reason });
    if (!topic.startsWith('realtime:') || topic === 'realtime:') return refuse('You must provide a topic name');
    const config = (payload.config ?? {}) as {
      broadcast?: { self?: boolean; ack?: boolean };
      presence?: { key?: string; enabled?: boolean };
      postgres_changes?: Array<{ event?: string; schema?: string; table?: string; filter?: string }>;
      private?: boolean;
    };
    if (config.private)
      return refuse('Private channels are not available in the local stack (it has no realtime.messages policies)');
    const token =
      typeof payload.access_token === 'string'
        ? payload.access_token
        : typeof payload.user_token === 'string'
          ? payload.user_token
          : conn.apikey;
    let auth: ChannelAuth;
    try {
      auth = await authorizeToken(token, keys);
    } catch (err) {
      return refuse(err instanceof ChannelAuthError ? err.message : 'Invalid token');
    }
    if (closed || conn.ws.readyState !== conn.ws.OPEN) return;
    const previous = conn.channels.get(topic);
    if (previous) removeChannel(previous);
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const bindings: Binding[] = [];
    const filterErrors: string[] = [];
    for (const p of requested) {
      let clauses: Binding['clauses'] = null;
      try {
        clauses = parseFilter(p.filter);
      } catch (err) {
        filterErrors.push((err as Error).message);
      }
      bindings.push({
        id: ++bindingIds,
        event: typeof p.event === 'string' ? p.event : '*',
        schema: typeof p.schema === 'string' ? p.schema : 'public',
        table: p.table,
        filter: p.filter,
        clauses,
      });
    }
    const presenceKey =
      typeof config.presence?.key === 'string' && config.presence.key !== '' ? config.presence.key : randomUUID();
    const ch: Channel = {
      conn,
      topic,
      joinRef: frame.join_ref ?? frame.ref,
      auth,
      token,
      bindings,
      broadcastSelf: config.broadcast?.self === true,
      broadcastAck: config.broadcast?.ack === true,
      presenceKey,
      presenceEnabled: config.presence?.enabled === true,
      send: (data) => push(ch, 'postgres_changes', data),
    };
    conn.channels.set(topic, ch);
    const set = topics.get(topic) ?? new Set<Channel>();
    set.add(ch);
    topics.set(topic, set);
    armExpiry(ch);
    reply(conn, frame, 'ok', {
      postgres_changes: requested.map((p, i) => ({ ...p, id: bindings[i]?.id })),
    });
    if (ch.presenceEnabled) push(ch, 'presence_state', presence.state(topic));
    if (bindings.length === 0) return;
    if (filterErrors.length) return system(ch, 'postgres_changes', 'error', filterErrors.join('; '));
    try {
      await ensureCapture();
      system(ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    } catch (err) {
      system(ch, 'postgres_changes', 'error', `Unable to subscribe to changes: ${(err as Error).message}`);
    }
  }

  async function accessToken(ch: Channel, frame: Frame) {
    const token = frame.payload.access_token;
    if (typeof token !== 'string' || token === ch.token) return;
    try {
      ch.auth = await authorizeToken(token, keys);
      ch.token = token;
      armExpiry(ch);
    } catch (err) {
      shutdown(ch, err instanceof ChannelAuthError ? err.message : 'Invalid token');
    }
  }

  function broadcast(ch: Channel, frame: Frame) {
    const { event, payload } = frame.payload;
    const out = { type: 'broadcast', event, payload };
    for (const other of topics.get(ch.topic) ?? []) {
      if (other === ch && !ch.broadcastSelf) continue;
      send(other.conn, { join_ref: null, ref: null, topic: ch.topic, event: 'broadcast', payload: out });
    }
    if (ch.broadcastAck) reply(ch.conn, frame, 'ok');
  }

  /** A broadcast from the REST API: to every socket joined to the topic. */
  function publish(topic: string, event: string, payload: unknown) {
    for (const ch of topics.get(topic) ?? [])
      send(ch.conn, {
        join_ref: null,
        ref: null,
        topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event, payload },
      });
  }

  function presenceEvent(ch: Channel, frame: Frame) {
    const { event, payload } = frame.payload;
    if (event === 'track') presence.track(ch, ch.topic, ch.presenceKey, (payload ?? {}) as Record<string, unknown>);
    else if (event === 'untrack') presence.untrack(ch, ch.topic, ch.presenceKey);
    else return reply(ch.conn, frame, 'error', { reason: `Unknown presence event: ${String(event)}` });
    reply(ch.conn, frame, 'ok');
  }

  async function onFrame(conn: Conn, frame: Frame) {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') return reply(conn, frame, 'ok');
    if (frame.event === 'phx_join') return join(conn, frame);
    const ch = conn.channels.get(frame.topic);
    if (!ch) return reply(conn, frame, 'error', { reason: 'unmatched topic' });
    switch (frame.event) {
      case 'phx_leave':
        reply(conn, frame, 'ok');
        push(ch, 'phx_close', {});
        return removeChannel(ch);
      case 'access_token':
        return accessToken(ch, frame);
      case 'broadcast':
        return broadcast(ch, frame);
      case 'presence':
        return presenceEvent(ch, frame);
      default:
        // Hosted Realtime ignores (and logs) events it does not know.
        return;
    }
  }

  wss.on('connection', (ws: WebSocket, vsn: Vsn, apikey: string) => {
    const conn: Conn = { ws, vsn, apikey, channels: new Map() };
    conns.add(conn);
    // Frames are handled in arrival order (a join's token check must finish before its broadcasts).
    let queue: Promise<void> = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      const frame = decodeFrame(vsn, Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer), isBinary);
      if (!frame) return;
      queue = queue
        .then(() => onFrame(conn, frame))
        .catch((err: unknown) => log(`Realtime: ${(err as Error).message}`));
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      conns.delete(conn);
      for (const ch of [...conn.channels.values()]) removeChannel(ch);
    });
  });

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) return false;
      const refuse = (status: number, text: string, message: string) => {
        const body = JSON.stringify({ message });
        socket.end(
          `HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
      };
      if (closed) {
        refuse(503, 'Service Unavailable', 'Realtime is stopping');
        return true;
      }
      const apikey = apiKeyOf(req.headers, url);
      if (!apikey) {
        refuse(401, 'Unauthorized', 'No API key found in request');
        return true;
      }
      if (!roleForApiKey(apikey, keys)) {
        refuse(401, 'Unauthorized', 'Invalid API key');
        return true;
      }
      const vsn = parseVsn(url.searchParams.get('vsn'));
      if (!vsn) {
        refuse(400, 'Bad Request', `Unsupported vsn: ${url.searchParams.get('vsn') ?? ''}`);
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, vsn, apikey));
      return true;
    },
    service: { handle: createBroadcastApi(keys, publish) },
    get connections() {
      return conns.size;
    },
    async close() {
      closed = true;
      for (const conn of conns) conn.ws.terminate();
      conns.clear();
      for (const ch of allChannels()) clearTimeout(ch.expiry);
      topics.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await changes;
      const stop = await capture?.catch(() => null);
      await stop?.();
    },
  };
}
