/**
 * Schema lint, after Supabase's database linter (splinter) rules that apply to migrations:
 * RLS on every public table (0013, 0007), an index for every foreign key (0001), a fixed
 * search_path on every function (0011), no view exposing auth.users (0002), security-invoker
 * views (0010), auth calls in policies wrapped in a sub-select (0003), one permissive policy
 * per role and action (0006), no always-true write policies (0024), no user_metadata in
 * policies (0015), no extension in public (0014) — plus our own grant rules. Every splinter rule,
 * with the allow-list of justified findings, runs in db-lint-splinter.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
const rows = async <T>(sql: string) => (await stack.db.query<T>(sql)).rows;

beforeAll(async () => {
  stack = await createTestStack({ seed: false });
});
afterAll(() => stack?.stop());

describe('database lint', () => {
  it('every table in public has RLS enabled', async () => {
    const off = await rows<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`);
    expect(off).toEqual([]);
  });

  it('only the service-role secrets tables have RLS without any policy', async () => {
    const none = await rows<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity
        and not exists (select 1 from pg_policy p where p.polrelid = c.oid) order by 1`);
    expect(none.map((r) => r.name)).toEqual([
      'einvoicing_chains',
      'integration_lock_secrets',
      'integration_secrets',
      'messaging_secrets',
      'ota_connection_secrets',
      'unit_lock_secrets',
    ]);
    const granted = await rows<{ name: string }>(`
      select distinct table_name as name from information_schema.role_table_grants
      where table_schema = 'public' and grantee in ('anon', 'authenticated')
        and table_name in ('einvoicing_chains', 'integration_lock_secrets', 'integration_secrets',
          'messaging_secrets', 'ota_connection_secrets', 'unit_lock_secrets')`);
    expect(granted).toEqual([]);
  });

  it('every foreign key has an index starting with its columns', async () => {
    const missing = await rows<{ name: string }>(`
      select c.conrelid::regclass::text || '.' || c.conname as name
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname in ('public', 'private')
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (select array_agg(k order by k) from unnest((i.indkey::int2[])[0:cardinality(c.conkey) - 1]) k)
              = (select array_agg(k order by k) from unnest(c.conkey) k))`);
    expect(missing).toEqual([]);
  });

  it('every function in public and private pins search_path (SECURITY DEFINER ones included)', async () => {
    const loose = await rows<{ name: string; definer: boolean }>(`
      select p.oid::regprocedure::text as name, p.prosecdef as definer
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`);
    expect(loose).toEqual([]);
    const definers = await rows<{
      n: number;
    }>(`select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and p.prosecdef`);
    expect(definers[0]!.n).toBeGreaterThan(20);
  });

  it('no view in public exposes auth.users, and views run with the caller’s rights', async () => {
    const exposing = await rows<{ name: string }>(`
      select distinct v.relname as name
      from pg_class v join pg_namespace n on n.oid = v.relnamespace
      join pg_rewrite r on r.ev_class = v.oid
      join pg_depend d on d.objid = r.oid and d.refobjid = 'auth.users'::regclass
      where n.nspname = 'public' and v.relkind in ('v', 'm')`);
    expect(exposing).toEqual([]);
    const definerViews = await rows<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'v'
        and not coalesce(c.reloptions @> array['security_invoker=on'] or c.reloptions @> array['security_invoker=true'], false)`);
    expect(definerViews).toEqual([]);
  });

  it('policies call auth and helper functions once per statement, never read user_metadata', async () => {
    const policies = await rows<{ name: string; expr: string }>(`
      select tablename || '.' || policyname as name, coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr
      from pg_policies where schemaname in ('public', 'storage')`);
    expect(policies.length).toBeGreaterThan(80);
    for (const p of policies) {
      const calls = p.expr.match(/(auth|private)\.[a-z_]+\(/g) ?? [];
      const wrapped = p.expr.match(/SELECT (auth|private)\.[a-z_]+\(/g) ?? [];
      expect(wrapped.length, `${p.name}: ${p.expr}`).toBe(calls.length);
      expect(p.expr).not.toMatch(/user_metadata/);
      expect(p.expr).not.toMatch(/current_setting/);
    }
  });

  it('one permissive policy per table, role and action; no always-true write policy', async () => {
    const multiple = await rows<{ name: string }>(`
      select p.tablename || ' ' || r.role || ' ' || a.cmd as name
      from pg_policies p, unnest(p.roles) r(role),
           unnest(case when p.cmd = 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[p.cmd] end) a(cmd)
      where p.schemaname = 'public' and p.permissive = 'PERMISSIVE'
      group by p.tablename, r.role, a.cmd having count(*) > 1`);
    expect(multiple).toEqual([]);
    const alwaysTrue = await rows<{ name: string }>(`
      select tablename || '.' || policyname as name from pg_policies
      where schemaname = 'public' and cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
        and (trim(coalesce(qual, '')) = 'true' or trim(coalesce(with_check, '')) = 'true')`);
    expect(alwaysTrue).toEqual([]);
  });

  it('extensions live outside public; nothing in public is writable by anon', async () => {
    const ext = await rows<{ name: string }>(
      `select e.extname as name from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'`,
    );
    expect(ext).toEqual([]);
    const anonWrites = await rows<{ name: string }>(`
      select table_name || ':' || privilege_type as name from information_schema.role_table_grants
      where table_schema = 'public' and grantee = 'anon' and privilege_type <> 'SELECT'`);
    expect(anonWrites).toEqual([]);
    const anonColumnWrites = await rows<{ name: string }>(`
      select table_name || '.' || column_name as name from information_schema.role_column_grants
      where table_schema = 'public' and grantee = 'anon' and privilege_type <> 'SELECT'`);
    expect(anonColumnWrites).toEqual([]);
  });

  it('visitors can call exactly the public-page functions', async () => {
    const callable = await rows<{ name: string }>(`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute') order by 1`);
    expect(callable.map((c) => c.name)).toEqual([
      'check_unit_availability',
      'get_public_site',
      'invitation_preview',
      'public_booking_quote',
      'public_invoice',
      'public_site_page',
      'request_booking',
      'review_invitation',
      'submit_contact_request',
      'submit_review_with_link',
      'unit_booked_ranges',
      'vat_rate',
    ]);
  });

  it('no trigger function is executable by anon or authenticated', async () => {
    // A trigger fires without EXECUTE; a grant only lets invoker code call it out of context
    // (PostgreSQL grants EXECUTE on every new function to PUBLIC unless a migration revokes it).
    const callable = await rows<{ name: string }>(`
      select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and p.prorettype = 'trigger'::regtype
        and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
      order by 1`);
    expect(callable.map((c) => c.name)).toEqual([]);
  });

  it('every organisation-owned table is indexed on organization_id', async () => {
    const unindexed = await rows<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id'
      where n.nspname = 'public' and c.relkind = 'r'
        and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indkey[0] = a.attnum)`);
    expect(unindexed).toEqual([]);
  });
});
