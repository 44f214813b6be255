/**
 * The functions service on its own (no gateway): project layout in a temp root, hot restart on
 * change, functions/.env, [functions.<name>] config, boot failures; plus `deno check` of the
 * project's functions, since Node's tsc does not see Deno code.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeys } from '../storage/test-support';
import type { ServiceDeps, StackKeys } from '../types';
import { resolveDenoBinary } from './deno-binary';
import { parseDotenv } from './dotenv';
import { createFunctionsService, type FunctionsService } from './index';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let root: string;
let keys: StackKeys;
let service: FunctionsService;

async function writeFunction(name: string, source: string) {
  const dir = path.join(root, 'supabase', 'functions', name);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.ts'), source);
}

function call(name: string, init: RequestInit = {}) {
  return service.handle(new Request(`http://local/functions/v1/${name}`, init), { apikeyRole: 'anon' });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'nuzl-functions-'));
  await mkdir(path.join(root, 'supabase', 'functions'), { recursive: true });
  await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  await writeFile(path.join(root, 'package.json'), '{"type":"module"}');
  await writeFile(
    path.join(root, 'supabase', 'functions', '.env'),
    [
      '# comment',
      'GREETING="hello\\nworld"',
      "export SINGLE='x # not a comment'",
      'PLAIN=value # trailing',
      'SUPABASE_URL=http://evil',
    ].join('\n'),
  );
  keys = await createTestKeys();
  const deps = {
    db: null as never,
    keys,
    config: { functions: { open: { verify_jwt: false }, off: { enabled: false } } },
    dataDir: path.join(root, 'data'),
    apiUrl: 'http://127.0.0.1:54321',
    outbox: null as never,
    rootDir: root,
  } satisfies ServiceDeps;
  service = createFunctionsService(deps);
});

afterAll(async () => {
  await service?.close?.();
  await rm(root, { recursive: true, force: true });
});

describe('functions service', () => {
  it('reads supabase/functions/.env, keeps SUPABASE_* for itself, honours verify_jwt = false', async () => {
    await writeFunction(
      'open',
      `Deno.serve(() => Response.json({ g: Deno.env.get('GREETING'), s: Deno.env.get('SINGLE'), p: Deno.env.get('PLAIN'),
        url: Deno.env.get('SUPABASE_URL'), home: Deno.env.get('HOME') ?? null }));`,
    );
    const res = await call('open');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      g: 'hello\nworld',
      s: 'x # not a comment',
      p: 'value',
      url: 'http://127.0.0.1:54321',
      home: null,
    });
    expect(service.bootTimes().open).toBeGreaterThan(0);
  });

  it('boots once for concurrent first calls', async () => {
    await writeFunction('busy', `let n = 0;\nDeno.serve(() => new Response(String(++n)));`);
    const auth = { headers: { authorization: `Bearer ${keys.anonKey}` } };
    const answers = await Promise.all([1, 2, 3, 4].map(() => call('busy', auth).then((r) => r.text())));
    // One process served all four: its counter saw every request.
    expect(answers.map(Number).sort()).toEqual([1, 2, 3, 4]);
  });

  it('restarts a function when its files change', async () => {
    await writeFunction('hot', `Deno.serve(() => new Response('v1'));`);
    expect(await (await call('hot', { headers: { authorization: `Bearer ${keys.anonKey}` } })).text()).toBe('v1');
    await new Promise((r) => setTimeout(r, 20));
    await writeFunction('hot', `Deno.serve(() => new Response('version two'));`);
    expect(await (await call('hot', { headers: { authorization: `Bearer ${keys.anonKey}` } })).text()).toBe(
      'version two',
    );
  });

  it('requires a JWT by default and refuses disabled functions with 404', async () => {
    expect((await call('hot')).status).toBe(401);
    expect((await call('hot', { headers: { authorization: `Bearer ${keys.publishableKey}` } })).status).toBe(401);
    await writeFunction('off', `Deno.serve(() => new Response('should not run'));`);
    const off = await call('off', { headers: { authorization: `Bearer ${keys.anonKey}` } });
    expect(off.status).toBe(404);
    expect(await off.text()).toBe('Function not found');
    expect((await call('_shared', { headers: { authorization: `Bearer ${keys.anonKey}` } })).status).toBe(404);
  });

  it('answers 503 BOOT_ERROR when a function cannot start, and recovers once fixed', async () => {
    await writeFunction('broken', `import './missing.ts';\nDeno.serve(() => new Response('never'));`);
    const auth = { headers: { authorization: `Bearer ${keys.serviceRoleKey}` } };
    const res = await call('broken', auth);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    await writeFunction('broken', `Deno.serve(() => new Response('fixed'));`);
    expect(await (await call('broken', auth)).text()).toBe('fixed');
  });
});

describe('Deno type check', () => {
  it('passes for every function in supabase/functions and the test fixtures', async () => {
    const functionsDir = path.join(repoRoot, 'supabase', 'functions');
    const entries = (await readdir(functionsDir, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.'))
      .map((e) => path.join(functionsDir, e.name, 'index.ts'));
    entries.push(path.join(repoRoot, 'supabase', 'tests', 'fixtures', 'functions', 'echo', 'index.ts'));
    const { stdout, stderr } = await promisify(execFile)(
      resolveDenoBinary(repoRoot),
      ['check', '--quiet', '--node-modules-dir=manual', '--no-remote', ...entries],
      {
        cwd: repoRoot,
        env: { ...process.env, DENO_DIR: path.join(repoRoot, 'supabase', '.local', 'deno'), NO_COLOR: '1' },
      },
    );
    expect(`${stdout}${stderr}`.trim()).toBe('');
  });
});

describe('dotenv', () => {
  it('parses comments, export, quotes and escapes', () => {
    expect(
      parseDotenv('A=1\n# x\nexport B="two\\tthree"\nC=\'multi\nline\'\nD = spaced # comment\nbad line\n'),
    ).toEqual({
      A: '1',
      B: 'two\tthree',
      C: 'multi\nline',
      D: 'spaced',
    });
  });
});
