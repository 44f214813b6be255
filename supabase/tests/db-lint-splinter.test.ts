/**
 * Supabase's database linter (splinter: the dashboard's Security and Performance Advisors) on the
 * migrated schema, through our own implementation of its rules (./lint/rules.ts), with PostgREST's
 * exposed schemas and the auth settings taken from supabase/config.toml. No ERROR ever; every
 * WARN and INFO is either fixed or on the allow-list with its reason (./lint/allowed.ts).
 * Runs on PGlite, and on PostgreSQL with SUPABASE_DB_URL (scripts/pg-test-cluster.sh run …).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../local/config';
import { openStackDatabase, type OpenedDatabase } from '../local/database';
import { ROOT_DIR } from '../local/index';
import { ALLOWED } from './lint/allowed';
import { describeFinding, judge, runLints, type Finding } from './lint/run-lints';

let opened: OpenedDatabase;
let findings: Finding[];

beforeAll(async () => {
  opened = await openStackDatabase({
    rootDir: ROOT_DIR,
    dataDir: null,
    dbUrl: process.env.SUPABASE_DB_URL,
    seed: false,
    log: () => undefined,
  });
  const config = loadConfig(ROOT_DIR);
  findings = await runLints(opened.db, { exposedSchemas: config.api.schemas, auth: config.auth });
});
afterAll(() => opened?.dispose());

describe('splinter rules on the migrated schema', () => {
  it('reports no ERROR', () => {
    const { errors } = judge(findings, ALLOWED);
    expect(errors.map(describeFinding)).toEqual([]);
  });

  it('reports no WARN or INFO that the allow-list does not explain', () => {
    const { unexplained } = judge(findings, ALLOWED);
    expect(
      unexplained.map(describeFinding),
      'fix these, or add them to supabase/tests/lint/allowed.ts with the reason they are safe',
    ).toEqual([]);
  });

  it('has no stale allow-list entry, and every entry gives a reason', () => {
    const { stale } = judge(findings, ALLOWED);
    expect(
      stale.map((a) => `${a.rule} ${a.object}`),
      'these no longer occur: remove them from supabase/tests/lint/allowed.ts',
    ).toEqual([]);
    for (const a of ALLOWED) expect(a.reason.length, `${a.rule} ${a.object}`).toBeGreaterThan(40);
    expect(ALLOWED.some((a) => a.rule.includes('ERROR'))).toBe(false);
  });

  it('allows each SECURITY DEFINER function by name only while it has a single signature', async () => {
    const functions = [...new Set(ALLOWED.filter((a) => a.rule.endsWith('_function_executable')).map((a) => a.object))];
    const { rows } = await opened.db.query<{ name: string; n: number }>(
      `select n.nspname || '.' || p.proname as name, count(*)::int as n
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname || '.' || p.proname = any ($1::text[]) group by 1`,
      [functions],
    );
    expect(rows.filter((r) => r.n > 1)).toEqual([]);
  });

  it('runs every rule it claims to (the setting reaches the API rules)', () => {
    // The two function rules only fire when pgrst.db_schemas is set: without it they are silent.
    expect(findings.some((f) => f.rule === 'anon_security_definer_function_executable')).toBe(true);
    expect(findings.filter((f) => f.level === 'WARN').length).toBeGreaterThan(20);
  });
});
