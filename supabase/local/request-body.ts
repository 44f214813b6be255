/**
 * A request body between Node's HTTP server and the in-process services, and what happens to
 * the rest of it when a service answers before reading it all (a refused upload).
 *
 * - `bodyStream`: a web stream over the IncomingMessage with backpressure (the socket is paused
 *   while the service is not reading). Cancelling it stops the reading without destroying the
 *   socket, so the gateway can still send the refusal. (Node 20's `Readable.toWeb` destroys the
 *   socket on cancel, and crashes the process with "Controller is already closed" when the
 *   server later drains the request.)
 * - `closeAfterResponse`: the response says `Connection: close`, and after it the connection
 *   lingers briefly, discarding what the client still sends, then closes — as nginx does — so
 *   the client reads the refusal instead of a reset, and a refused gigabyte is never read.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long, and how much, a refused body is still read (and discarded) after the response. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 8 * 1024 * 1024;
const HIGH_WATER_MARK = 1024 * 1024;

export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (cancelled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (!cancelled) controller.close();
        });
        req.once('error', (err) => {
          if (!cancelled) controller.error(err);
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        cancelled = true;
        req.pause();
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}

/**
 * Headers for a response that leaves before the request body was read to its end (none
 * otherwise); installs the lingering close for that connection.
 */
export function closeAfterResponse(req: IncomingMessage): Record<string, string> {
  if (req.complete || req.method === 'GET' || req.method === 'HEAD') return {};
  const socket = req.socket as Socket & { destroySoon?: () => void };
  // Node calls destroySoon() once a `Connection: close` response is written; make it linger.
  socket.destroySoon = () => {
    socket.end();
    let discarded = 0;
    const close = () => socket.destroy();
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > LINGER_BYTES) close();
    });
    req.once('end', close);
    req.resume();
  };
  return { connection: 'close' };
}
