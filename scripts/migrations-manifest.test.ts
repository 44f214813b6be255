// @vitest-environment node
/**
 * Shipped migrations never change: every file listed in supabase/migrations.sha256 still has its
 * hash, none is gone, and every migration is listed (`npm run db:manifest` appends new ones).
 */
import { mkdtemp, mkdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MANIFEST_FILE,
  appendNewMigrations,
  checkManifest,
  describeReport,
  hashMigration,
  parseManifest,
} from './migrations-manifest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('supabase/migrations.sha256', () => {
  it('lists every migration, and no listed migration changed or disappeared', async () => {
    const problems = describeReport(await checkManifest(ROOT));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('still lists the migrations that shipped before the manifest existed', async () => {
    const { entries } = parseManifest(await readFile(path.join(ROOT, MANIFEST_FILE), 'utf8'));
    const files = entries.map((e) => e.file);
    expect(files).toContain('20261122000100_foundation.sql');
    expect(files).toContain('20261122039200_vendor_unit_visibility.sql');
    expect(files.length).toBeGreaterThanOrEqual(45);
  });
});

describe('manifest rules', () => {
  let dir: string;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function project(files: Record<string, string>) {
    dir = await mkdtemp(path.join(tmpdir(), 'nuzl-manifest-'));
    await mkdir(path.join(dir, 'supabase/migrations'), { recursive: true });
    for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, 'supabase/migrations', name), sql);
    return dir;
  }

  it('appends new migrations in name order and never rewrites a line', async () => {
    const root = await project({ '002_b.sql': 'select 2;\n', '001_a.sql': 'select 1;\n' });
    expect(await appendNewMigrations(root)).toEqual(['001_a.sql', '002_b.sql']);
    const first = await readFile(path.join(root, MANIFEST_FILE), 'utf8');
    expect(first).toContain(`${hashMigration('select 1;\n')}  001_a.sql\n${hashMigration('select 2;\n')}  002_b.sql\n`);

    await writeFile(path.join(root, 'supabase/migrations/003_c.sql'), 'select 3;\n');
    expect(await appendNewMigrations(root)).toEqual(['003_c.sql']);
    const second = await readFile(path.join(root, MANIFEST_FILE), 'utf8');
    expect(second.startsWith(first)).toBe(true);
    expect(await appendNewMigrations(root)).toEqual([]);
    expect(describeReport(await checkManifest(root))).toEqual([]);
  });

  it('reports an edited, a deleted and an unlisted migration; appending does not hide an edit', async () => {
    const root = await project({ '001_a.sql': 'select 1;\n', '002_b.sql': 'select 2;\n' });
    await appendNewMigrations(root);
    await writeFile(path.join(root, 'supabase/migrations/001_a.sql'), 'select 1; -- fixed later\n');
    await unlink(path.join(root, 'supabase/migrations/002_b.sql'));
    await writeFile(path.join(root, 'supabase/migrations/003_c.sql'), 'select 3;\n');

    const report = await checkManifest(root);
    expect(report.changed.map((c) => c.file)).toEqual(['001_a.sql']);
    expect(report.missing).toEqual(['002_b.sql']);
    expect(report.unlisted).toEqual(['003_c.sql']);
    const lines = describeReport(report);
    expect(lines[0]).toMatch(/001_a\.sql changed after it shipped/);
    expect(lines[2]).toMatch(/003_c\.sql is not listed yet: run `npm run db:manifest`/);

    await appendNewMigrations(root);
    expect((await checkManifest(root)).changed.map((c) => c.file)).toEqual(['001_a.sql']);
  });

  it('hashes CRLF like LF, and refuses malformed or duplicate lines', () => {
    expect(hashMigration('a;\r\nb;\r\n')).toBe(hashMigration('a;\nb;\n'));
    expect(hashMigration('a;\n')).not.toBe(hashMigration('a; \n'));
    const h = hashMigration('x');
    const { entries, malformed } = parseManifest(
      `# comment\n${h}  001_a.sql\n${h} 002_one_space.sql\n${h}  001_a.sql\nnonsense\n`,
    );
    expect(entries.map((e) => e.file)).toEqual(['001_a.sql', '001_a.sql']);
    expect(malformed).toHaveLength(3);
  });
});
