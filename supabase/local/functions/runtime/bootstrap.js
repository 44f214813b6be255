/* global Deno */
// Runs inside Deno, in front of one edge function (like edge-runtime's user worker): the
// function's own `Deno.serve(...)` is bound to a free loopback port that is reported to the
// stack on stdout, and a thrown error becomes a 500 with the stack logged, not a dead worker.
// Usage: deno run … bootstrap.js <file URL of the function's entrypoint>

const PORT_MARKER = '__NUZL_FUNCTION_PORT__';
const entrypoint = Deno.args[0];
if (!entrypoint) throw new Error('bootstrap.js needs the entrypoint URL as its first argument');

const originalServe = Deno.serve.bind(Deno);
let served = false;

function wrapHandler(handler) {
  return async (request, info) => {
    try {
      return await handler(request, info);
    } catch (err) {
      console.error('Uncaught error in the function handler:', err);
      return Response.json(
        { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
        { status: 500 },
      );
    }
  };
}

// Deno.serve(handler) | Deno.serve(options, handler) | Deno.serve({ ...options, handler })
Deno.serve = (first, second) => {
  if (served) throw new Error('An edge function may call Deno.serve only once');
  served = true;
  const options = typeof first === 'function' ? {} : { ...(first ?? {}) };
  const handler = typeof first === 'function' ? first : (second ?? options.handler);
  if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler');
  delete options.handler;
  delete options.onListen;
  return originalServe(
    {
      ...options,
      port: 0,
      hostname: '127.0.0.1',
      onListen: ({ port }) => console.log(`${PORT_MARKER}${port}`),
    },
    wrapHandler(handler),
  );
};

// The part of edge-runtime's global that functions commonly touch.
const pending = new Set();
globalThis.EdgeRuntime = {
  waitUntil(promise) {
    const p = Promise.resolve(promise).catch((err) => console.error('waitUntil task failed:', err));
    pending.add(p);
    p.finally(() => pending.delete(p));
    return p;
  },
};

await import(entrypoint);
if (!served) {
  console.error('The function did not call Deno.serve(handler); nothing will answer its requests.');
  Deno.exit(70);
}
