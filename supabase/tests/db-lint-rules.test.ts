/**
 * Each rule of ./lint/rules.ts catches what it is for: supabase/tests/lint/fixture.sql commits one
 * offence per rule (plus near misses) in a throwaway copy of the migrated database, and the
 * findings must be exactly these. The same fixture, run through the real splinter, gave the same
 * findings on PGlite and PostgreSQL 15 (docs/testing.md, "Same findings as the real splinter").
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStackDatabase, type OpenedDatabase } from '../local/database';
import { ROOT_DIR } from '../local/index';
import { ALLOWED } from './lint/allowed';
import { judge, runLints, type Finding } from './lint/run-lints';
import { RULES } from './lint/rules';

let opened: OpenedDatabase;
let baseline: Set<string>;
let found: Finding[];
let rolesUnderRls: string[];

const id = (f: Finding) => `${f.level} ${f.key}`;

beforeAll(async () => {
  opened = await openStackDatabase({
    rootDir: ROOT_DIR,
    dataDir: null,
    dbUrl: process.env.SUPABASE_DB_URL,
    seed: false,
    log: () => undefined,
  });
  const exposedSchemas = ['public', 'graphql_public', 'pgmq_public'];
  baseline = new Set((await runLints(opened.db, { exposedSchemas })).map(id));
  await opened.db.exec(await readFile(path.join(ROOT_DIR, 'supabase/tests/lint/fixture.sql'), 'utf8'));
  found = (await runLints(opened.db, { exposedSchemas })).filter((f) => !baseline.has(id(f)));
  // Roles are per cluster; a PostgreSQL server may have more than the Supabase ones.
  const roles = await opened.db.query<{ rolname: string }>(
    `select rolname from pg_roles where rolname not like 'pg\\_%' and rolname not like 'supabase%admin' and not rolbypassrls`,
  );
  rolesUnderRls = roles.rows.map((r) => r.rolname);
});
afterAll(() => opened?.dispose());

describe('lint rules on a fixture of offences', () => {
  it('finds exactly the planted offences', () => {
    expect(found.map(id).sort()).toEqual(
      [
        'INFO unindexed_foreign_keys_public_lint_fx_child_lint_fx_child_parent_id_fkey',
        'INFO unindexed_foreign_keys_public_lint_fx_pair_ref_lint_fx_pair_ref_a_b_fkey',
        'ERROR auth_users_exposed_public_lint_fx_users',
        'WARN auth_rls_init_plan_public_lint_fx_child_lint_fx_per_row',
        'INFO no_primary_key_lint_fx_no_pk',
        'WARN multiple_permissive_policies_public_lint_fx_child_authenticated_SELECT',
        // Policies for PUBLIC: one finding per role RLS applies to (anon, authenticated, authenticator, …).
        ...rolesUnderRls.map((r) => `WARN multiple_permissive_policies_public_lint_fx_pair_${r}_DELETE`),
        'WARN function_search_path_mutable_public_lint_fx_loose_95adb6e77a0884d9e50232cb8c5c969d',
        'ERROR policy_exists_rls_disabled_lint_fx_rls_off',
        'INFO rls_enabled_no_policy_lint_fx_no_pk',
        'WARN duplicate_index_lint_fx_no_pk_{lint_fx_no_pk_a,lint_fx_no_pk_a_again}',
        'ERROR security_definer_view_public_lint_fx_users',
        'ERROR rls_disabled_in_public_public_lint_fx_open',
        'WARN extension_in_public_citext',
        'ERROR rls_references_user_metadata_public_lint_fx_parent_lint_fx_metadata',
        'WARN materialized_view_in_api_public_lint_fx_totals',
        'WARN foreign_table_in_api_public_lint_fx_remote',
        'WARN unsupported_reg_types_lint_fx_reg_column_handler',
        'ERROR rls_disabled_in_public_pgmq_q_lint_fx',
        'ERROR fkey_to_auth_unique_lint_fx_by_phone_by_phone_phone_fkey',
        'WARN extension_versions_outdated_citext_1.4',
        'ERROR sensitive_columns_exposed_public_lint_fx_open',
        'WARN rls_policy_always_true_public_lint_fx_child_lint_fx_open_insert',
        'WARN rls_policy_always_true_public_lint_fx_pair_lint_fx_pair_delete_too',
        'WARN public_bucket_allows_listing_lint-fx',
        'WARN public_bucket_allows_listing_lint-fx-cast',
        'WARN anon_security_definer_function_executable_public_lint_fx_definer_n integer',
        'WARN authenticated_security_definer_function_executable_public_lint_fx_definer_n integer',
        'WARN authenticated_security_definer_function_executable_public_lint_fx_members_only_',
      ].sort(),
    );
    expect(rolesUnderRls).toEqual(expect.arrayContaining(['anon', 'authenticated']));
    // The search_path finding's key carries md5(prosrc), as splinter's does; the object names it.
    expect(found.filter((f) => f.rule === 'function_search_path_mutable').map((f) => f.object)).toEqual([
      'public.lint_fx_loose()',
    ]);
  });

  it('covers every rule except those that need pg_graphql', () => {
    const fired = new Set(found.map((f) => f.rule));
    const silent = RULES.map((r) => r.name).filter((n) => !fired.has(n));
    expect(silent.sort()).toEqual(['pg_graphql_anon_table_exposed', 'pg_graphql_authenticated_table_exposed']);
  });

  it('fails the schema check for any of them: ERRORs always, WARN/INFO unless allowed', () => {
    const verdict = judge(found, ALLOWED);
    expect(verdict.errors.length).toBe(found.filter((f) => f.level === 'ERROR').length);
    expect(verdict.errors.length).toBeGreaterThan(5);
    expect(verdict.unexplained.length + verdict.errors.length).toBe(found.length);
  });

  it('reads the exposed schemas from pgrst.db_schemas, as splinter does', async () => {
    const without = await runLints(opened.db, { exposedSchemas: [] });
    expect(without.some((f) => f.rule === 'anon_security_definer_function_executable')).toBe(false);
    expect(without.some((f) => f.rule === 'rls_disabled_in_public')).toBe(false);
    expect(without.some((f) => f.rule === 'no_primary_key')).toBe(true);
  });

  it('reports anonymous sign-ins from the auth settings (0012)', async () => {
    const on = await runLints(opened.db, { exposedSchemas: [], auth: { enable_anonymous_sign_ins: true }, rules: [] });
    expect(on.map((f) => f.rule)).toEqual(['auth_allow_anonymous_sign_ins']);
    const off = await runLints(opened.db, {
      exposedSchemas: [],
      auth: { enable_anonymous_sign_ins: false },
      rules: [],
    });
    expect(off).toEqual([]);
  });
});
