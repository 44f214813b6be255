/**
 * `npm run stack` on an existing data folder applies only new migrations and seeds only once,
 * like the Supabase CLI's migration history.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStackDatabase } from './database';

let root: string;
const log = () => undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'nuzl-migrate-'));
  await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
  await writeFile(
    path.join(root, 'supabase', 'migrations', '20260101000000_first.sql'),
    'create table public.m1 (id int primary key);',
  );
  await writeFile(path.join(root, 'supabase', 'seed.sql'), 'insert into public.m1 values (1);');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('migration history on a persistent database', () => {
  it('builds baseline, migrations and seed once, then applies only what is new', async () => {
    const dataDir = path.join(root, '.local');
    const first = await openStackDatabase({ rootDir: root, dataDir, seed: true, log });
    expect(first.applied).toEqual(['supabase/migrations/20260101000000_first.sql']);
    expect(first.seeded).toBe(true);
    // The baseline is there: Supabase's roles and auth helpers.
    const roles = await first.db.query<{ rolname: string }>(
      "select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by 1",
    );
    expect(roles.rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'authenticator', 'service_role']);
    await first.dispose();

    await writeFile(
      path.join(root, 'supabase', 'migrations', '20260102000000_second.sql'),
      'create table public.m2 (id int);',
    );
    const second = await openStackDatabase({ rootDir: root, dataDir, seed: true, log });
    expect(second.applied).toEqual(['supabase/migrations/20260102000000_second.sql']);
    expect(second.seeded).toBe(false);
    expect(second.warnings).toEqual([]);
    const seeded = await second.db.query<{ n: number }>('select count(*)::int as n from public.m1');
    expect(seeded.rows[0]).toEqual({ n: 1 });
    const history = await second.db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(history.rows).toEqual([
      { version: '20260101000000', name: 'first' },
      { version: '20260102000000', name: 'second' },
    ]);
    await second.dispose();
  });

  it('a failing migration names its file and leaves nothing half-applied', async () => {
    // The database of the test above (a fresh build costs seconds).
    const dataDir = path.join(root, '.local');
    await writeFile(
      path.join(root, 'supabase', 'migrations', '20260103000000_broken.sql'),
      'create table public.m3 (id int); select no_such_function();',
    );
    await expect(openStackDatabase({ rootDir: root, dataDir, seed: false, log })).rejects.toThrow(
      /supabase\/migrations\/20260103000000_broken\.sql: .*no_such_function/,
    );
    await rm(path.join(root, 'supabase', 'migrations', '20260103000000_broken.sql'));
    const reopened = await openStackDatabase({ rootDir: root, dataDir, seed: false, log });
    const m3 = await reopened.db.query("select to_regclass('public.m3') as t");
    expect(m3.rows[0]).toEqual({ t: null });
    expect(reopened.applied).toEqual([]);
    await reopened.dispose();
  });

  it('an applied migration edited afterwards is named, with the rebuild command, and explains a failure it causes', async () => {
    // Still the database of the first test: first.sql was applied as `create table public.m1 …`.
    const dataDir = path.join(root, '.local');
    const first = path.join(root, 'supabase', 'migrations', '20260101000000_first.sql');
    await writeFile(first, 'create table public.m1 (id int primary key, label text);');
    const drifted = await openStackDatabase({ rootDir: root, dataDir, seed: false, log });
    expect(drifted.warnings).toEqual([expect.stringMatching(/20260101000000_first\.sql.*npm run db:reset/)]);
    await drifted.dispose();

    // A new migration that relies on the edit fails on this old database: the error says why.
    const next = path.join(root, 'supabase', 'migrations', '20260104000000_uses_label.sql');
    await writeFile(next, 'create index m1_label_idx on public.m1 (label);');
    await expect(openStackDatabase({ rootDir: root, dataDir, seed: false, log })).rejects.toThrow(
      /20260104000000_uses_label\.sql: .*label[\s\S]*20260101000000_first\.sql[\s\S]*npm run db:reset/,
    );
    await rm(next);
    await writeFile(first, 'create table public.m1 (id int primary key);');
    const matching = await openStackDatabase({ rootDir: root, dataDir, seed: false, log });
    expect(matching.warnings).toEqual([]);
    await matching.dispose();
  });
});
