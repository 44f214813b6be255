/**
 * pg_net's background worker for the local stack (docs/local-stack.md, "Background jobs"): sends the
 * requests `net.http_get/http_post/http_delete` queued in `net.http_request_queue` and keeps each
 * answer in `net._http_response` under the request's id, as pg_net does. It only ever sees committed
 * rows, so a request is sent after the transaction that queued it commits, and never when it rolls
 * back. Answers older than pg_net's default `pg_net.ttl` (6 hours) are deleted.
 */
import type { Database } from '../types';

export interface NetResponse {
  id: number;
  url: string;
  method: string;
  status_code: number | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

export interface NetWorker {
  /** Sends every committed request in the queue now; resolves with their answers. */
  drain(): Promise<NetResponse[]>;
  /**
   * Waits until the queue is empty and nothing is in flight, draining as it goes (tests: "the
   * request the trigger queued has been sent and answered").
   */
  settle(timeoutMs?: number): Promise<NetResponse[]>;
  /** Polls the queue every `pollMs` (default 200 ms). */
  start(): void;
  stop(): Promise<void>;
}

interface QueuedRequest {
  id: string | number;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Uint8Array | null;
  timeout_milliseconds: number;
}

const RESPONSE_TTL = '6 hours';

export function createNetWorker(opts: {
  db: Database;
  log?: (line: string) => void;
  fetch?: typeof fetch;
  pollMs?: number;
}): NetWorker {
  const { db } = opts;
  const log = opts.log ?? (() => {});
  const doFetch = opts.fetch ?? fetch;
  const pollMs = opts.pollMs ?? 200;
  const inFlight = new Set<Promise<NetResponse>>();
  const aborts = new Set<AbortController>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let lastCleanup = 0;
  /** Drains between taking rows off the queue and registering their sends (settle() waits for them). */
  let taking = 0;

  async function send(row: QueuedRequest): Promise<NetResponse> {
    const id = Number(row.id);
    const controller = new AbortController();
    aborts.add(controller);
    const started = performance.now();
    const timeout = setTimeout(() => controller.abort(new Error('timeout')), row.timeout_milliseconds);
    const headers = new Headers();
    for (const [name, value] of Object.entries(row.headers ?? {})) {
      if (value !== null && value !== undefined) headers.set(name, String(value));
    }
    let result: Omit<NetResponse, 'id' | 'url' | 'method'> & { content_type: string | null; headers: unknown } = {
      status_code: null,
      content_type: null,
      headers: null,
      content: null,
      timed_out: false,
      error_msg: null,
    };
    try {
      const response = await doFetch(row.url, {
        method: row.method.toUpperCase(),
        headers,
        body: row.body && row.method.toUpperCase() !== 'GET' ? Buffer.from(row.body) : undefined,
        signal: controller.signal,
        redirect: 'follow',
      });
      const content = await response.text();
      result = {
        ...result,
        status_code: response.status,
        content_type: response.headers.get('content-type'),
        headers: headersObject(response.headers),
        content,
      };
    } catch (err) {
      const timedOut = controller.signal.aborted && !stopped;
      result.timed_out = timedOut;
      // pg_net's wording for the two common failures.
      result.error_msg = timedOut
        ? `Timeout of ${row.timeout_milliseconds} ms reached. Total time: ${(performance.now() - started).toFixed(3)} ms`
        : stopped
          ? 'Request cancelled: the local stack stopped'
          : `Couldn't connect to server: ${((err as Error).cause as Error | undefined)?.message ?? (err as Error).message}`;
    } finally {
      clearTimeout(timeout);
      aborts.delete(controller);
    }
    if (result.error_msg) log(`net request ${id} ${row.method} ${row.url}: ${result.error_msg}`);
    await db
      .query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          result.status_code,
          result.content_type,
          result.headers === null ? null : JSON.stringify(result.headers),
          result.content,
          result.timed_out,
          result.error_msg,
        ],
      )
      .catch((err: Error) => log(`net response ${id} not recorded: ${err.message}`));
    return {
      id,
      url: row.url,
      method: row.method.toUpperCase(),
      status_code: result.status_code,
      content: result.content,
      timed_out: result.timed_out,
      error_msg: result.error_msg,
    };
  }

  async function take(): Promise<QueuedRequest[]> {
    const waiting = await db.query('select 1 from net.http_request_queue limit 1');
    if (waiting.rows.length === 0) return [];
    const taken = await db.query<QueuedRequest>(
      `delete from net.http_request_queue
       returning id, method::text as method, url, headers, body, timeout_milliseconds`,
    );
    return taken.rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  async function drain(): Promise<NetResponse[]> {
    if (Date.now() - lastCleanup > 60_000) {
      lastCleanup = Date.now();
      await db.query(`delete from net._http_response where created < now() - interval '${RESPONSE_TTL}'`);
    }
    taking++;
    let sends: Array<Promise<NetResponse>>;
    try {
      const rows = await take();
      sends = rows.map((row) => {
        const p = send(row);
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        return p;
      });
    } finally {
      taking--;
    }
    return Promise.all(sends);
  }

  async function settle(timeoutMs = 30_000): Promise<NetResponse[]> {
    const until = Date.now() + timeoutMs;
    const all: NetResponse[] = [];
    for (;;) {
      all.push(...(await drain()));
      if (inFlight.size > 0 || taking > 0) {
        all.push(...(await Promise.all([...inFlight])));
        if (taking > 0) await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      const again = await db.query('select 1 from net.http_request_queue limit 1');
      if (again.rows.length === 0 && inFlight.size === 0) return dedupe(all);
      if (Date.now() > until) throw new Error('net.http_request_queue did not settle in time');
    }
  }

  function poll() {
    if (stopped) return;
    timer = setTimeout(() => {
      drain()
        .catch((err: Error) => log(`net worker: ${err.message}`))
        .finally(poll);
    }, pollMs);
    timer.unref?.();
  }

  return {
    drain,
    settle,
    start() {
      if (!timer && !stopped) poll();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const controller of aborts) controller.abort(new Error('stopped'));
      await Promise.allSettled([...inFlight]);
    },
  };
}

function dedupe(responses: NetResponse[]): NetResponse[] {
  const seen = new Map<number, NetResponse>();
  for (const r of responses) seen.set(r.id, r);
  return [...seen.values()].sort((a, b) => a.id - b.id);
}

function headersObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => (out[name] = value));
  return out;
}
