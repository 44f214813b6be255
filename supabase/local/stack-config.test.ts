/**
 * startStack honours a project's config.toml: [api] schemas (extra exposed schemas) and
 * max_rows, with that project's own migrations. Uses a throwaway project directory.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './index';

let root: string;
let stack: Stack;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'nuzl-stack-config-'));
  await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
  await writeFile(
    path.join(root, 'supabase', 'config.toml'),
    'project_id = "cfg"\n[api]\nschemas = ["public", "reports"]\nmax_rows = 5\n',
  );
  await writeFile(
    path.join(root, 'supabase', 'migrations', '20260101000000_reports.sql'),
    `create schema reports;
     grant usage on schema reports to anon;
     create table reports.daily (id int primary key);
     insert into reports.daily select generate_series(1, 12);
     grant select on reports.daily to anon;
     create schema hidden;
     grant usage on schema hidden to anon;
     create table hidden.secret (id int);
     grant select on hidden.secret to anon;`,
  );
  stack = await startStack({ port: 0, dataDir: null, rootDir: root, quiet: true });
});
afterAll(async () => {
  await stack?.stop();
  await rm(root, { recursive: true, force: true });
});

const client = () =>
  createClient(stack.apiUrl, stack.keys.anonKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

describe('config.toml drives the Data API', () => {
  it('exposes the extra schema from [api] schemas and caps rows at [api] max_rows', async () => {
    const { data, error } = await client().schema('reports').from('daily').select('id').order('id');
    expect(error).toBeNull();
    expect(data?.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a schema not listed is refused with PGRST106 (406)', async () => {
    const { error, status } = await client().schema('hidden').from('secret').select('id');
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST106');
  });

  it('records the applied migration like the Supabase CLI', async () => {
    const r = await stack.db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations',
    );
    expect(r.rows).toEqual([{ version: '20260101000000', name: 'reports' }]);
  });
});
