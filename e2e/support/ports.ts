import { createServer } from 'node:net';

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen({ port, host: '127.0.0.1' }, () => {
      const address = server.address();
      const chosen = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(chosen));
    });
  });
}

/**
 * The fixed port when it is free, else any free port: two suites (or two people) on one machine
 * must not fail on EADDRINUSE. The choice is written to `process.env[name]` by the caller, so
 * Playwright's workers (which inherit the environment) agree with the main process.
 */
export async function freePort(preferred: number): Promise<number> {
  return (await listenOn(preferred)) ?? (await listenOn(0)) ?? preferred;
}
