#!/usr/bin/env node
/**
 * `npm start`: the local Supabase stack (supabase/local, on PGlite or SUPABASE_DB_URL) plus the
 * Vite dev server, with `.env.local` pointing the app at the stack. Ctrl-C stops both.
 * A stack already running (`npm run stack` in another terminal) is reused.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The stack is TypeScript; tsx compiles it on import.
register();
const { startStack, DEFAULT_DATA_DIR } = await import('../supabase/local/index.ts');
const { readState, writeState, removeState, statusVariables, formatStatus } =
  await import('../supabase/local/state.ts');

const DEMO_PHONE = '+966500000001';
const DEMO_CODE = '123456';

/** Adds VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY to .env.local when they are not set there. */
function ensureEnvLocal(apiUrl, anonKey) {
  const file = path.join(root, '.env.local');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const has = (name) => new RegExp(`^\\s*${name}\\s*=`, 'm').test(current);
  const setUrl = current.match(/^\s*VITE_SUPABASE_URL\s*=\s*"?([^"\n]*)"?/m)?.[1]?.trim();
  if (setUrl && setUrl !== apiUrl) {
    console.warn(
      `\nNote: .env.local sets VITE_SUPABASE_URL=${setUrl}, so the app talks to that project, not this local stack (${apiUrl}).`,
    );
  }
  const lines = [];
  if (!has('VITE_SUPABASE_URL')) lines.push(`VITE_SUPABASE_URL=${apiUrl}`);
  if (!has('VITE_SUPABASE_ANON_KEY')) lines.push(`VITE_SUPABASE_ANON_KEY=${anonKey}`);
  if (lines.length === 0) return false;
  const header = current
    ? current.endsWith('\n')
      ? ''
      : '\n'
    : '# Written by `npm start` for the local stack (git-ignored).\n';
  writeFileSync(file, `${current}${header}${lines.join('\n')}\n`);
  return true;
}

let stack = null;
let vite = null;
let stopping = false;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  if (vite && vite.exitCode === null) {
    vite.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        vite.kill('SIGKILL');
        r();
      }, 3000);
      vite.once('exit', () => {
        clearTimeout(t);
        r();
      });
    });
  }
  if (stack) {
    await stack.stop();
    await removeState(DEFAULT_DATA_DIR);
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

const running = readState(DEFAULT_DATA_DIR);
let apiUrl;
let anonKey;
if (running) {
  console.log(`Using the local stack already running at ${running.apiUrl} (pid ${running.pid}).`);
  ({ apiUrl } = running);
  anonKey = running.keys.anonKey;
} else {
  console.log('Starting the local Supabase stack…');
  const began = Date.now();
  try {
    stack = await startStack({ dataDir: DEFAULT_DATA_DIR, watchMigrations: true });
  } catch (err) {
    const message =
      err && err.code === 'EADDRINUSE'
        ? 'Port 54321 is in use (another stack or `supabase start`?). Stop it and try again.'
        : err.message;
    console.error(`Could not start the local stack: ${message}`);
    process.exit(1);
  }
  for (const m of stack.applied) console.log(`  applied ${m}`);
  if (stack.seeded) console.log('  seeded the database from supabase/seed.sql');
  await writeState(DEFAULT_DATA_DIR, {
    pid: process.pid,
    apiUrl: stack.apiUrl,
    dbUrl: stack.dbUrl,
    startedAt: new Date().toISOString(),
    keys: stack.keys,
  });
  console.log(`Stack ready in ${((Date.now() - began) / 1000).toFixed(1)} s.\n`);
  console.log(
    formatStatus(
      statusVariables({ apiUrl: stack.apiUrl, dbUrl: stack.dbUrl, keys: stack.keys }),
      `${stack.apiUrl}/_local/outbox`,
    ),
  );
  ({ apiUrl } = stack);
  anonKey = stack.keys.anonKey;
}
if (ensureEnvLocal(apiUrl, anonKey)) console.log('\nWrote VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY to .env.local.');

const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
vite = spawn(process.execPath, [viteBin], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env: process.env });
let announced = false;
vite.stdout.on('data', (chunk) => {
  const text = chunk.toString();
  process.stdout.write(text);
  // Vite prints "Local:   http://127.0.0.1:5173/" (with colour codes) once it listens.
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  const match = plain.match(/Local:\s+(http:\/\/\S+)/);
  if (match && !announced) {
    announced = true;
    console.log(`\n  Nuzl is running: open ${match[1]}`);
    console.log(`  Sign in with the demo phone ${DEMO_PHONE} and the code ${DEMO_CODE}.`);
    console.log(`  Sent SMS / e-mails: ${apiUrl}/_local/outbox`);
    console.log('  Press Ctrl-C to stop.\n');
  }
});
vite.on('exit', (code) => {
  if (!stopping) {
    console.error(`The Vite dev server exited (${code}).`);
    void shutdown(code ?? 1);
  }
});
