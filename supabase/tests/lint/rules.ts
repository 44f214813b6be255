/**
 * The rules of Supabase's database linter (splinter, the dashboard's Security and Performance
 * Advisors), written here from their documented meaning: our own SQL, one query per rule. Every
 * query returns `object` (what the allow-list names: `schema.table`, `schema.function`, …),
 * `key` (the finding's key in splinter's own format, so a finding can be matched against a real
 * splinter run and against the dashboard's exclusion list) and `detail` (why it was reported).
 *
 * Like splinter, rules that look at "the API" read PostgREST's exposed schemas from the setting
 * `pgrst.db_schemas`; ./run-lints.ts sets it from supabase/config.toml ([api] schemas).
 *
 * Not run: 0005 unused_index and 0020 table_bloat (they read usage statistics, which say nothing
 * about a freshly migrated database) and 0012 auth_allow_anonymous_sign_ins, which is a platform
 * setting, not SQL: ./run-lints.ts reads it from supabase/config.toml.
 */

export type LintLevel = 'ERROR' | 'WARN' | 'INFO';

export interface LintRule {
  /** Splinter's number and name, e.g. 0028 anon_security_definer_function_executable. */
  id: string;
  name: string;
  level: LintLevel;
  /** What the rule guards against, in one line. */
  summary: string;
  /** A relation the query reads that a database may lack (the rule is skipped without it). */
  requires?: string;
  sql: string;
}

/** Schemas owned by Supabase or by extensions; rules about the project's own objects skip them. */
export const PLATFORM_SCHEMAS = [
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pg_catalog',
  'pgbouncer',
  'pgmq',
  'pgroonga',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'realtime',
  'repack',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'tiger',
  'topology',
  'vault',
  '_timescaledb_cache',
  '_timescaledb_catalog',
  '_timescaledb_config',
  '_timescaledb_internal',
];

const list = (names: string[]) => `array[${names.map((n) => `'${n}'`).join(', ')}]::text[]`;

/** Not a platform schema (realtime counts as the project's for policy rules, as in splinter). */
const own = (nsp: string, keepRealtime = false) =>
  `not (${nsp} = any (${list(keepRealtime ? PLATFORM_SCHEMAS.filter((s) => s !== 'realtime') : PLATFORM_SCHEMAS)}))`;

/** The schemas PostgREST serves, from the `pgrst.db_schemas` setting (empty when unset). */
const exposed = (nsp: string) =>
  `${nsp} = any (array(select btrim(s) from unnest(string_to_array(current_setting('pgrst.db_schemas', true), ',')) s))`;

/** The object is not a member of an extension (its objects are the extension's business). */
const notInExtension = (oid: string) =>
  `not exists (select 1 from pg_depend e where e.objid = ${oid} and e.deptype = 'e')`;

const apiCanSelect = (oid: string) =>
  `(has_table_privilege('anon', ${oid}, 'SELECT') or has_table_privilege('authenticated', ${oid}, 'SELECT'))`;

const invokerView = (c: string) =>
  `exists (select 1 from unnest(coalesce(${c}.reloptions, '{}')) o
           where lower(o) in ('security_invoker=true', 'security_invoker=on', 'security_invoker=yes', 'security_invoker=1'))`;

/** A policy expression that lets every row through, whitespace and case aside. */
const alwaysTrue = (expr: string) =>
  `lower(translate(coalesce(${expr}, ''), E' \\n\\t', '')) in ('true', '(true)', '1=1', '(1=1)')`;

/** Policies with their table, expressions as text and command letter. */
const POLICIES = `
  select n.nspname as schema, c.relname as tbl, c.relkind, c.relrowsecurity as rls, p.polname as policy,
         p.polcmd as cmd, p.polpermissive as permissive, p.polroles as roles,
         pg_get_expr(p.polqual, p.polrelid) as using_expr, pg_get_expr(p.polwithcheck, p.polrelid) as check_expr
  from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace`;

const definerFunctionFor = (role: string, name: string, who: string) => ({
  sql: `
    select format('%s.%s', n.nspname, p.proname) as object,
           format('${name}_%s_%s_%s', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as key,
           format('%s.%s(%s) runs as its owner (SECURITY DEFINER) and ${who} may call it: /rest/v1/rpc/%s',
                  n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), p.proname) as detail
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where p.prosecdef and has_function_privilege('${role}', p.oid, 'EXECUTE')
      and ${exposed('n.nspname')} and ${own('n.nspname')}`,
});

/**
 * Column names that suggest secrets or personal data (rule 0023). Our own list; it only matters
 * for tables in the API without RLS, which rule 0013 already reports as an ERROR.
 */
export const SENSITIVE_COLUMN_NAMES = [
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'secret_key',
  'client_secret',
  'private_key',
  'api_key',
  'apikey',
  'api_secret',
  'auth_key',
  'token',
  'jwt',
  'access_token',
  'refresh_token',
  'session_token',
  'otp',
  'otp_code',
  'verification_code',
  'recovery_code',
  'national_id',
  'passport_number',
  'iqama_number',
  'ssn',
  'tax_id',
  'card_number',
  'credit_card',
  'cvv',
  'iban',
  'bank_account',
  'account_number',
  'mac_address',
  'imei',
];

export const RULES: LintRule[] = [
  {
    id: '0001',
    name: 'unindexed_foreign_keys',
    level: 'INFO',
    summary: 'a foreign key without an index that starts with its columns (slow joins, slow deletes of the parent)',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('unindexed_foreign_keys_%s_%s_%s', n.nspname, c.relname, fk.conname) as key,
             format('%s.%s: foreign key %s has no index on (%s)', n.nspname, c.relname, fk.conname,
                    (select string_agg(a.attname, ', ' order by k.i) from unnest(fk.conkey) with ordinality k(num, i)
                     join pg_attribute a on a.attrelid = c.oid and a.attnum = k.num)) as detail
      from pg_constraint fk join pg_class c on c.oid = fk.conrelid join pg_namespace n on n.oid = c.relnamespace
      where fk.contype = 'f' and ${own('n.nspname')} and ${notInExtension('c.oid')}
        and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisvalid
                        and (i.indkey::int2[])[0:cardinality(fk.conkey) - 1] = fk.conkey)`,
  },
  {
    id: '0002',
    name: 'auth_users_exposed',
    level: 'ERROR',
    summary: 'a view in the API reads auth.users and the API roles may select from it',
    requires: 'auth.users',
    sql: `
      select format('%s.%s', n.nspname, v.relname) as object,
             format('auth_users_exposed_%s_%s', n.nspname, v.relname) as key,
             format('%s.%s reads auth.users and anon or authenticated may select from it', n.nspname, v.relname) as detail
      from pg_class v join pg_namespace n on n.oid = v.relnamespace
      where v.relkind in ('v', 'm') and ${exposed('n.nspname')} and ${apiCanSelect('v.oid')}
        and exists (select 1 from pg_rewrite r
                    join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid and d.deptype = 'n'
                    where r.ev_class = v.oid and d.refobjid = 'auth.users'::regclass)
        and (v.relkind = 'm' or not ${invokerView('v')}
             or not (select u.relrowsecurity from pg_class u where u.oid = 'auth.users'::regclass))`,
  },
  {
    id: '0003',
    name: 'auth_rls_initplan',
    level: 'WARN',
    summary:
      'a policy calls auth.uid()/jwt()/role()/email() or current_setting() per row instead of once, in a sub-select',
    sql: `
      with p as (${POLICIES}), calls as (
        select p.*, e.expr from p, lateral (values (p.using_expr), (p.check_expr)) e(expr)
        where p.rls and ${own('p.schema', true)}
      )
      select distinct format('%s.%s', schema, tbl) as object,
             format('auth_rls_init_plan_%s_%s_%s', schema, tbl, policy) as key,
             format('%s.%s policy %s evaluates an auth or setting function for every row', schema, tbl, policy) as detail
      from calls
      where exists (select 1 from unnest(array['auth.uid()', 'auth.jwt()', 'auth.role()', 'auth.email()']) f
                    where strpos(expr, f) > 0 and strpos(lower(expr), 'select ' || f) = 0)
         or (expr ~ 'current_setting\\(.*\\)' and lower(expr) !~ 'select current_setting\\(.*\\)')`,
  },
  {
    id: '0004',
    name: 'no_primary_key',
    level: 'INFO',
    summary: 'a table without a primary key',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('no_primary_key_%s_%s', n.nspname, c.relname) as key,
             format('%s.%s has no primary key', n.nspname, c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and ${own('n.nspname')} and ${notInExtension('c.oid')}
        and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)`,
  },
  {
    id: '0006',
    name: 'multiple_permissive_policies',
    level: 'WARN',
    summary: 'more than one permissive policy for the same role and action (each one runs for every row)',
    sql: `
      with p as (${POLICIES}), per_role as (
        select p.schema, p.tbl, r.rolname, a.action, p.policy
        from p
        join pg_roles r on p.roles @> array[r.oid] or p.roles = array[0::oid]
        cross join lateral unnest(case p.cmd when 'r' then array['SELECT'] when 'a' then array['INSERT']
                                             when 'w' then array['UPDATE'] when 'd' then array['DELETE']
                                             else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) a(action)
        where p.relkind = 'r' and p.permissive and ${own('p.schema')}
          and r.rolname not like 'pg\\_%' and r.rolname not like 'supabase%admin' and not r.rolbypassrls
          and ${notInExtension(`(select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
                                  where n.nspname = p.schema and c.relname = p.tbl)`)}
      )
      select format('%s.%s', schema, tbl) as object,
             format('multiple_permissive_policies_%s_%s_%s_%s', schema, tbl, rolname, action) as key,
             format('%s.%s: %s has %s permissive %s policies: %s', schema, tbl, rolname, count(*), action,
                    string_agg(policy, ', ' order by policy)) as detail
      from per_role group by schema, tbl, rolname, action having count(*) > 1`,
  },
  {
    id: '0007',
    name: 'policy_exists_rls_disabled',
    level: 'ERROR',
    summary: 'a table has policies but row level security is off, so they do nothing',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('policy_exists_rls_disabled_%s_%s', n.nspname, c.relname) as key,
             format('%s.%s has policies but RLS is disabled', n.nspname, c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and not c.relrowsecurity and ${own('n.nspname')} and ${notInExtension('c.oid')}
        and exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
  },
  {
    id: '0008',
    name: 'rls_enabled_no_policy',
    level: 'INFO',
    summary: 'row level security is on but no policy exists, so the API roles see nothing',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('rls_enabled_no_policy_%s_%s', n.nspname, c.relname) as key,
             format('%s.%s has RLS enabled and no policy', n.nspname, c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and c.relrowsecurity and ${own('n.nspname')} and ${notInExtension('c.oid')}
        and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
  },
  {
    id: '0009',
    name: 'duplicate_index',
    level: 'WARN',
    summary: 'two indexes with the same definition (double the write cost, no gain)',
    sql: `
      with ix as (
        select n.nspname as schema, c.relname as tbl, x.relname as index,
               replace(pg_get_indexdef(i.indexrelid), ' ' || quote_ident(x.relname) || ' ON ', ' ON ') as definition
        from pg_index i join pg_class x on x.oid = i.indexrelid join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'm') and ${own('n.nspname')} and ${notInExtension('c.oid')}
      )
      select format('%s.%s', schema, tbl) as object,
             format('duplicate_index_%s_%s_%s', schema, tbl, array_agg(index order by index)) as key,
             format('%s.%s has identical indexes %s', schema, tbl, array_agg(index order by index)) as detail
      from ix group by schema, tbl, definition having count(*) > 1`,
  },
  {
    id: '0010',
    name: 'security_definer_view',
    level: 'ERROR',
    summary: 'a view in the API runs with its owner’s rights (bypassing RLS) instead of the caller’s',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('security_definer_view_%s_%s', n.nspname, c.relname) as key,
             format('%s.%s is not security_invoker and the API roles may select from it', n.nspname, c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'v' and ${apiCanSelect('c.oid')} and ${exposed('n.nspname')} and ${own('n.nspname')}
        and ${notInExtension('c.oid')} and not ${invokerView('c')}
        and current_setting('server_version_num')::int >= 150000`,
  },
  {
    id: '0011',
    name: 'function_search_path_mutable',
    level: 'WARN',
    summary: 'a function without a fixed search_path (a caller’s objects could shadow the ones it means)',
    sql: `
      select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as object,
             format('function_search_path_mutable_%s_%s_%s', n.nspname, p.proname, md5(p.prosrc)) as key,
             format('%s.%s(%s) does not set search_path', n.nspname, p.proname,
                    pg_get_function_identity_arguments(p.oid)) as detail
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where ${own('n.nspname')} and ${notInExtension('p.oid')}
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%')`,
  },
  {
    id: '0013',
    name: 'rls_disabled_in_public',
    level: 'ERROR',
    summary: 'a table in the API without row level security: every row is open to the API roles’ grants',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('rls_disabled_in_public_%s_%s', n.nspname, c.relname) as key,
             format('%s.%s is in the API without RLS', n.nspname, c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and not c.relrowsecurity and ${apiCanSelect('c.oid')}
        and ${exposed('n.nspname')} and ${own('n.nspname')}`,
  },
  {
    id: '0014',
    name: 'extension_in_public',
    level: 'WARN',
    summary: 'an extension installed in public (its functions and tables land in the API)',
    sql: `
      select format('extension %s', e.extname) as object,
             format('extension_in_public_%s', e.extname) as key,
             format('extension %s is installed in public', e.extname) as detail
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where n.nspname = 'public' and e.extname <> 'plpgsql'`,
  },
  {
    id: '0015',
    name: 'rls_references_user_metadata',
    level: 'ERROR',
    summary: 'a policy trusts user_metadata, which every user can edit about themselves',
    sql: `
      with p as (${POLICIES})
      select format('%s.%s', schema, tbl) as object,
             format('rls_references_user_metadata_%s_%s_%s', schema, tbl, policy) as key,
             format('%s.%s policy %s reads user_metadata', schema, tbl, policy) as detail
      from p, lateral (values (p.using_expr), (p.check_expr)) e(expr)
      where ${own('p.schema')}
        and (e.expr like '%auth.jwt()%user_metadata%' or e.expr like '%current_setting(%request.jwt.claims%)%user_metadata%')
      group by schema, tbl, policy`,
  },
  {
    id: '0016',
    name: 'materialized_view_in_api',
    level: 'WARN',
    summary: 'a materialized view in the API (materialized views have no row level security)',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('materialized_view_in_api_%s_%s', n.nspname, c.relname) as key,
             format('materialized view %s.%s is selectable by the API roles', n.nspname, c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'm' and ${apiCanSelect('c.oid')} and ${exposed('n.nspname')} and ${own('n.nspname')}
        and ${notInExtension('c.oid')}`,
  },
  {
    id: '0017',
    name: 'foreign_table_in_api',
    level: 'WARN',
    summary: 'a foreign table in the API (foreign tables have no row level security)',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('foreign_table_in_api_%s_%s', n.nspname, c.relname) as key,
             format('foreign table %s.%s is selectable by the API roles', n.nspname, c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'f' and ${apiCanSelect('c.oid')} and ${exposed('n.nspname')} and ${own('n.nspname')}
        and ${notInExtension('c.oid')}`,
  },
  {
    id: '0018',
    name: 'unsupported_reg_types',
    level: 'WARN',
    summary: 'a column of a reg* type that holds OIDs, which pg_upgrade cannot carry over',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('unsupported_reg_types_%s_%s_%s', n.nspname, c.relname, a.attname) as key,
             format('%s.%s.%s has type %s', n.nspname, c.relname, a.attname, t.typname) as detail
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      where t.typnamespace = 'pg_catalog'::regnamespace
        and t.typname in ('regcollation', 'regconfig', 'regdictionary', 'regnamespace', 'regoper', 'regoperator',
                          'regproc', 'regprocedure')
        and n.nspname not in ('pg_catalog', 'information_schema', 'pgsodium')`,
  },
  {
    id: '0019',
    name: 'insecure_queue_exposed_in_api',
    level: 'ERROR',
    summary: 'a pgmq queue table without row level security while pgmq_public is in the API',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('rls_disabled_in_public_%s_%s', n.nspname, c.relname) as key,
             format('queue table %s.%s has no RLS and pgmq_public is exposed', n.nspname, c.relname) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'pgmq' and c.relname like 'q\\_%' and c.relkind in ('r', 'p') and not c.relrowsecurity
        and ${apiCanSelect('c.oid')} and ${exposed("'pgmq_public'")}`,
  },
  {
    id: '0021',
    name: 'fkey_to_auth_unique',
    level: 'ERROR',
    summary: 'a foreign key to a unique constraint of an auth table other than its primary key (auth may change those)',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('fkey_to_auth_unique_%s_%s_%s', n.nspname, c.relname, fk.conname) as key,
             format('%s.%s: foreign key %s references a non-primary unique key of %s', n.nspname, c.relname,
                    fk.conname, fk.confrelid::regclass) as detail
      from pg_constraint fk join pg_class c on c.oid = fk.conrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_class r on r.oid = fk.confrelid join pg_index i on i.indexrelid = fk.conindid
      where fk.contype = 'f' and r.relnamespace = 'auth'::regnamespace and i.indisunique and not i.indisprimary`,
    requires: 'auth.users',
  },
  {
    id: '0022',
    name: 'extension_versions_outdated',
    level: 'WARN',
    summary: 'an installed extension is older than the version the server offers',
    sql: `
      select format('extension %s', x.name) as object,
             format('extension_versions_outdated_%s_%s', x.name, x.installed_version) as key,
             format('extension %s is at %s, %s is available', x.name, x.installed_version, x.default_version) as detail
      from pg_available_extensions x
      where x.installed_version is not null and x.default_version is not null
        and x.installed_version <> x.default_version`,
  },
  {
    id: '0023',
    name: 'sensitive_columns_exposed',
    level: 'ERROR',
    summary: 'a table in the API without row level security has columns named like secrets or personal data',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object,
             format('sensitive_columns_exposed_%s_%s', n.nspname, c.relname) as key,
             format('%s.%s has no RLS and holds %s', n.nspname, c.relname,
                    string_agg(a.attname, ', ' order by a.attname)) as detail
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind = 'r' and not c.relrowsecurity and ${apiCanSelect('c.oid')}
        and ${exposed('n.nspname')} and ${own('n.nspname')}
        and replace(lower(a.attname), '-', '_') = any (${list(SENSITIVE_COLUMN_NAMES)})
      group by n.nspname, c.relname`,
  },
  {
    id: '0024',
    name: 'rls_policy_always_true',
    level: 'WARN',
    summary: 'an INSERT/UPDATE/DELETE policy for the API roles whose condition is always true',
    sql: `
      with p as (${POLICIES})
      select format('%s.%s', schema, tbl) as object,
             format('rls_policy_always_true_%s_%s_%s', schema, tbl, policy) as key,
             format('%s.%s policy %s lets every row through', schema, tbl, policy) as detail
      from p
      where relkind = 'r' and rls and permissive and ${own('schema')}
        and (roles = array[0::oid]
             or exists (select 1 from unnest(roles) r where r <> 0 and pg_get_userbyid(r) in ('anon', 'authenticated')))
        and ((cmd in ('w', 'd', '*') and (using_expr is null or ${alwaysTrue('using_expr')}))
             or ${alwaysTrue('check_expr')}
             or (check_expr is null and cmd = 'a')
             or (check_expr is null and cmd in ('w', '*') and ${alwaysTrue('using_expr')}))`,
  },
  {
    id: '0025',
    name: 'public_bucket_allows_listing',
    level: 'WARN',
    summary: 'a public bucket that also lets the API roles list all its files',
    requires: 'storage.buckets',
    sql: `
      select format('storage.buckets %s', b.id) as object,
             format('public_bucket_allows_listing_%s', b.id) as key,
             format('public bucket %s can be listed through %s', b.id, string_agg(p.policyname, ', ' order by p.policyname)) as detail
      from storage.buckets b
      join pg_policies p on p.schemaname = 'storage' and p.tablename = 'objects' and p.cmd in ('SELECT', 'ALL')
        and p.permissive = 'PERMISSIVE' and p.roles && array['public', 'anon', 'authenticated']::name[]
      where b.public
        and (p.qual is null or ${alwaysTrue('p.qual')}
             or (regexp_match(p.qual, '^\\s*\\(*\\s*bucket_id\\s*=\\s*(''(?:[^'']|'''')*'')(\\s*::\\s*[[:alnum:]_.]+)?\\s*\\)*\\s*$', 'i'))[1]
                = quote_literal(b.id))
      group by b.id`,
  },
  ...(['anon', 'authenticated'] as const).map((role): LintRule => ({
    id: role === 'anon' ? '0026' : '0027',
    name: `pg_graphql_${role}_table_exposed`,
    level: 'WARN',
    summary: `with pg_graphql installed, ${role} sees the names and columns of what it may select`,
    sql: `
        select format('%s.%s', n.nspname, c.relname) as object,
               format('pg_graphql_${role}_table_exposed_%s_%s', n.nspname, c.relname) as key,
               format('%s.%s is visible to ${role} in the GraphQL schema', n.nspname, c.relname) as detail
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where exists (select 1 from pg_extension where extname = 'pg_graphql')
          and c.relkind in ('r', 'v', 'm', 'f') and ${own('n.nspname')}
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                      and has_column_privilege('${role}', c.oid, a.attnum, 'SELECT'))`,
  })),
  {
    id: '0028',
    name: 'anon_security_definer_function_executable',
    level: 'WARN',
    summary: 'a SECURITY DEFINER function (bypasses RLS) that visitors without an account may call',
    ...definerFunctionFor('anon', 'anon_security_definer_function_executable', 'anon (anyone with the public key)'),
  },
  {
    id: '0029',
    name: 'authenticated_security_definer_function_executable',
    level: 'WARN',
    summary: 'a SECURITY DEFINER function (bypasses RLS) that every signed-in user may call',
    ...definerFunctionFor(
      'authenticated',
      'authenticated_security_definer_function_executable',
      'every signed-in user',
    ),
  },
];
