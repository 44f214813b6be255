import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, preview } from 'vite';
import { startStack } from '../supabase/local/index';
import { signInWithPhone } from './support/auth';
import { E2E_DIST, E2E_PREVIEW_PORT, E2E_STACK_PORT } from './support/constants';

/**
 * 1. An in-memory local stack on a fixed port, migrated and seeded with the demo data.
 * 2. The production build, pointed at that stack (VITE_* are inlined at build time).
 * 3. `vite preview` serving the build.
 * The returned function stops all three. Tests read the stack's URL and anon key from env.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const stack = await startStack({ port: E2E_STACK_PORT, dataDir: null, seed: true, quiet: true });
  process.env.E2E_API_URL = stack.apiUrl;
  process.env.E2E_ANON_KEY = stack.keys.anonKey;
  // One sign-in for the whole run: the auth service limits code requests per phone (GoTrue's
  // max_frequency), so workers share this session instead of each asking for a code.
  process.env.E2E_OWNER_SESSION = JSON.stringify(await signInWithPhone());

  process.env.VITE_SUPABASE_URL = stack.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = stack.keys.anonKey;
  await build({ mode: 'production', logLevel: 'warn', build: { outDir: E2E_DIST, emptyOutDir: true } });
  mkdirSync(E2E_DIST, { recursive: true });
  writeFileSync(
    join(E2E_DIST, 'e2e-build.json'),
    JSON.stringify({ apiUrl: stack.apiUrl, builtAt: new Date().toISOString() }),
  );

  const server = await preview({
    logLevel: 'warn',
    build: { outDir: E2E_DIST },
    preview: { host: '127.0.0.1', port: E2E_PREVIEW_PORT, strictPort: true },
  });
  console.log(
    `[e2e] stack ${stack.apiUrl}, app http://127.0.0.1:${E2E_PREVIEW_PORT} (ready in ${Date.now() - started} ms)`,
  );

  return async () => {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await stack.stop();
  };
}
