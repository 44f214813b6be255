/**
 * `npm run db:schema`: writes supabase/schema.sql, the live state of the database after every
 * migration, grouped by object and in a stable order, so a newcomer finds the current version of
 * each table, policy and function in one place instead of replaying 50 migrations in their head.
 *
 * It reads the catalogs of a fresh in-memory database built exactly as the local stack builds it
 * (baseline, auth and storage schemas, supabase/migrations/*) on PGlite, so the output depends
 * only on the migrations and needs no pg_dump. `npm run db:schema -- --check` exits 1 when the
 * committed file is stale; supabase/tests/db-schema.test.ts does the same in the db suite.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from '../supabase/local/types';

export const SCHEMA_FILE = 'supabase/schema.sql';
/** The schemas the migrations own. Objects elsewhere appear only where the migrations touch them. */
const OWN = ['public', 'private'];

type Row = Record<string, unknown>;
type Query = <T extends Row>(sql: string, params?: unknown[]) => Promise<T[]>;

const RULE = '-- ' + '-'.repeat(97);
const header = (title: string) => ['', RULE, `-- ${title}`, RULE];
const section = (title: string) => ['', '', '-- ' + '='.repeat(97), `-- ${title}`, '-- ' + '='.repeat(97)];

/** A catalog comment as SQL comment lines (each line of it prefixed). */
const commentLines = (text: unknown, indent = '') =>
  typeof text === 'string' && text.trim() !== ''
    ? text
        .trim()
        .split('\n')
        .map((l) => `${indent}-- ${l}`.trimEnd())
    : [];

const PRIVILEGE_ORDER = [
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'TRUNCATE',
  'REFERENCES',
  'TRIGGER',
  'MAINTAIN',
  'USAGE',
  'EXECUTE',
];
const TABLE_PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'];
const byPrivilege = (a: string, b: string) => PRIVILEGE_ORDER.indexOf(a) - PRIVILEGE_ORDER.indexOf(b);

/** `grant …` lines from an ACL (owner's own rights left out; grantee 0 is PUBLIC). */
async function grantLines(q: Query, acl: string, object: string, ownerOid: number): Promise<string[]> {
  const rows = await q<{ grantee: string; privileges: string[] }>(
    `select * from (
       select case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as grantee,
              array_agg(a.privilege_type order by a.privilege_type)::text[] as privileges
       from aclexplode($1::aclitem[]) a where a.grantee <> $2::oid group by 1) g
     order by g.grantee collate "C"`,
    [acl, ownerOid],
  );
  // Roles with the same privileges share one statement. Every table privilege is `all` (the
  // MAINTAIN that newer servers add to it is left out: migrations target PostgreSQL 15).
  const byPrivileges = new Map<string, string[]>();
  for (const r of rows) {
    const privileges = r.privileges.filter((p) => p !== 'MAINTAIN');
    const key = TABLE_PRIVILEGES.every((p) => privileges.includes(p))
      ? 'all'
      : privileges.sort(byPrivilege).join(', ').toLowerCase();
    byPrivileges.set(key, [...(byPrivileges.get(key) ?? []), r.grantee]);
  }
  return [...byPrivileges].map(([privileges, roles]) => `grant ${privileges} on ${object} to ${roles.join(', ')};`);
}

async function schemasAndExtensions(q: Query): Promise<string[]> {
  const out = section('1. Schemas and extensions');
  const schemas = await q<{ name: string; acl: string | null; owner: number; comment: string | null }>(
    `select n.nspname as name, n.nspacl::text as acl, n.nspowner::int as owner, obj_description(n.oid, 'pg_namespace') as comment
     from pg_namespace n where n.nspname = any ($1) order by n.nspname collate "C"`,
    [OWN],
  );
  for (const s of schemas) {
    out.push(
      '',
      ...commentLines(s.comment),
      s.name === 'public' ? '-- schema public (exists on every database)' : `create schema ${s.name};`,
    );
    if (s.acl) out.push(...(await grantLines(q, s.acl, `schema ${s.name}`, s.owner)));
  }
  const extensions = await q<{ name: string; schema: string }>(
    `select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
     where e.extname <> 'plpgsql' order by e.extname collate "C"`,
  );
  out.push('');
  for (const e of extensions) out.push(`create extension if not exists ${quoteName(e.name)} with schema ${e.schema};`);
  return out;
}

const quoteName = (n: string) => (/^[a-z_][a-z0-9_]*$/.test(n) ? n : `"${n.replace(/"/g, '""')}"`);

async function types(q: Query): Promise<string[]> {
  const out = section('2. Types and sequences');
  const enums = await q<{ name: string; labels: string[]; comment: string | null }>(
    `select format('%s.%s', n.nspname, quote_ident(t.typname)) as name,
            array(select quote_literal(e.enumlabel) from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder)::text[] as labels,
            obj_description(t.oid, 'pg_type') as comment
     from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = any ($1) and t.typtype = 'e' order by n.nspname collate "C", t.typname collate "C"`,
    [OWN],
  );
  for (const e of enums)
    out.push('', ...commentLines(e.comment), `create type ${e.name} as enum (${e.labels.join(', ')});`);
  const domains = await q<{ def: string; comment: string | null }>(
    `select format('create domain %s.%s as %s%s%s%s;', n.nspname, quote_ident(t.typname), format_type(t.typbasetype, t.typtypmod),
                   case when t.typnotnull then ' not null' else '' end,
                   coalesce(' default ' || t.typdefault, ''),
                   coalesce((select string_agg(' constraint ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid, true), '' order by c.conname)
                             from pg_constraint c where c.contypid = t.oid), '')) as def,
            obj_description(t.oid, 'pg_type') as comment
     from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = any ($1) and t.typtype = 'd' order by n.nspname collate "C", t.typname collate "C"`,
    [OWN],
  );
  for (const d of domains) out.push('', ...commentLines(d.comment), d.def);
  const composites = await q<{ def: string }>(
    `select format('create type %s.%s as (%s);', n.nspname, quote_ident(t.typname),
                   (select string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
                    from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped)) as def
     from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_class c on c.oid = t.typrelid
     where n.nspname = any ($1) and t.typtype = 'c' and c.relkind = 'c' order by n.nspname collate "C", t.typname collate "C"`,
    [OWN],
  );
  for (const c of composites) out.push('', c.def);
  const sequences = await q<{ def: string }>(
    `select format('create sequence %s.%s as %s increment by %s minvalue %s maxvalue %s start with %s%s;', n.nspname,
                   quote_ident(c.relname), format_type(s.seqtypid, null), s.seqincrement, s.seqmin, s.seqmax, s.seqstart,
                   case when s.seqcycle then ' cycle' else '' end) as def
     from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any ($1)
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
     order by n.nspname collate "C", c.relname collate "C"`,
    [OWN],
  );
  if (sequences.length) out.push('', ...sequences.map((s) => s.def));
  return out;
}

interface Relation extends Row {
  oid: number;
  name: string;
  kind: string;
  rls: boolean;
  force_rls: boolean;
  owner: number;
  acl: string | null;
  comment: string | null;
  options: string[] | null;
}

async function columnLines(q: Query, rel: Relation): Promise<string[]> {
  const cols = await q<{ line: string; comment: string | null }>(
    `select format('%s %s%s%s%s%s', quote_ident(a.attname), format_type(a.atttypid, a.atttypmod),
                   case when a.attcollation <> t.typcollation and a.attcollation <> 0
                        then ' collate ' || (select quote_ident(co.collname) from pg_collation co where co.oid = a.attcollation) else '' end,
                   case a.attidentity when 'a' then ' generated always as identity' when 'd' then ' generated by default as identity' else '' end,
                   case when a.attgenerated = 's' then ' generated always as (' || pg_get_expr(d.adbin, d.adrelid) || ') stored'
                        when d.adbin is not null then ' default ' || pg_get_expr(d.adbin, d.adrelid) else '' end,
                   case when a.attnotnull then ' not null' else '' end) as line,
            col_description(a.attrelid, a.attnum) as comment
     from pg_attribute a join pg_type t on t.oid = a.atttypid
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped order by a.attnum`,
    [rel.oid],
  );
  const constraints = await q<{ line: string }>(
    `select format('constraint %s %s', quote_ident(c.conname), pg_get_constraintdef(c.oid, true)) as line
     from pg_constraint c where c.conrelid = $1 and c.contype in ('p', 'u', 'c', 'f', 'x')
     order by c.contype <> 'p', c.conname collate "C"`,
    [rel.oid],
  );
  const items = [
    ...cols.map((c) => ({ pre: commentLines(c.comment, '  '), line: c.line })),
    ...constraints.map((c) => ({ pre: [] as string[], line: c.line })),
  ];
  return items.flatMap((item, i) => [...item.pre, `  ${item.line}${i < items.length - 1 ? ',' : ''}`]);
}

async function policyLines(q: Query, oid: number, target: string): Promise<string[]> {
  const policies = await q<{ def: string; comment: string | null }>(
    `select format('create policy %s on %s as %s for %s to %s%s%s;', quote_ident(p.polname), $2::text,
                   case when p.polpermissive then 'permissive' else 'restrictive' end,
                   case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
                   (select string_agg(x.role, ', ' order by x.role collate "C")
                    from (select case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end as role
                          from unnest(p.polroles) r) x),
                   coalesce(E'\\n  using (' || pg_get_expr(p.polqual, p.polrelid) || ')', ''),
                   coalesce(E'\\n  with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')', '')) as def,
            obj_description(p.oid, 'pg_policy') as comment
     from pg_policy p where p.polrelid = $1 order by p.polname collate "C"`,
    [oid, target],
  );
  return policies.flatMap((p) => ['', ...commentLines(p.comment), p.def]);
}

async function triggerLines(q: Query, where: string, params: unknown[]): Promise<string[]> {
  const triggers = await q<{ def: string; comment: string | null }>(
    `select pg_get_triggerdef(t.oid, true) || ';' as def, obj_description(t.oid, 'pg_trigger') as comment
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where not t.tgisinternal and ${where} order by n.nspname collate "C", c.relname collate "C", t.tgname collate "C"`,
    params,
  );
  return triggers.flatMap((t) => [...commentLines(t.comment), t.def]);
}

async function columnGrantLines(q: Query, rel: Relation, target: string): Promise<string[]> {
  const rows = await q<{ grantee: string; privilege: string; columns: string }>(
    `select * from (
       select case when x.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(x.grantee)) end as grantee,
              lower(x.privilege_type) as privilege, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
       from pg_attribute a, aclexplode(a.attacl) x
       where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped and a.attacl is not null and x.grantee <> $2::oid
       group by 1, 2) g
     order by g.grantee collate "C", g.privilege collate "C"`,
    [rel.oid, rel.owner],
  );
  return rows.map((r) => `grant ${r.privilege} (${r.columns}) on ${target} to ${r.grantee};`);
}

async function relations(q: Query, kinds: string[]): Promise<Relation[]> {
  return q<Relation>(
    `select c.oid::int as oid, format('%s.%s', n.nspname, quote_ident(c.relname)) as name, c.relkind::text as kind,
            c.relrowsecurity as rls, c.relforcerowsecurity as force_rls, c.relowner::int as owner, c.relacl::text as acl,
            obj_description(c.oid, 'pg_class') as comment, c.reloptions as options
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any ($1) and c.relkind = any ($2::"char"[])
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
     order by n.nspname collate "C", c.relname collate "C"`,
    [OWN, kinds],
  );
}

async function tables(q: Query): Promise<string[]> {
  const out = section('3. Tables: columns, constraints, indexes, row level security, policies, triggers, grants');
  for (const rel of await relations(q, ['r', 'p'])) {
    out.push(...header(`Table ${rel.name}`), ...commentLines(rel.comment));
    out.push(`create table ${rel.name} (`, ...(await columnLines(q, rel)), ');');
    const indexes = await q<{ def: string }>(
      `select pg_get_indexdef(i.indexrelid) || ';' as def from pg_index i join pg_class x on x.oid = i.indexrelid
       where i.indrelid = $1 and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid)
       order by x.relname collate "C"`,
      [rel.oid],
    );
    if (indexes.length) out.push('', ...indexes.map((i) => i.def));
    if (rel.rls) out.push('', `alter table ${rel.name} enable row level security;`);
    if (rel.force_rls) out.push(`alter table ${rel.name} force row level security;`);
    out.push(...(await policyLines(q, rel.oid, rel.name)));
    const triggers = await triggerLines(q, 'c.oid = $1', [rel.oid]);
    if (triggers.length) out.push('', ...triggers);
    const grants = [
      ...(rel.acl ? await grantLines(q, rel.acl, rel.name, rel.owner) : []),
      ...(await columnGrantLines(q, rel, rel.name)),
    ];
    if (grants.length) out.push('', ...grants);
  }
  return out;
}

async function views(q: Query): Promise<string[]> {
  const out = section('4. Views');
  for (const rel of await relations(q, ['v', 'm'])) {
    const { def } = (await q<{ def: string }>('select pg_get_viewdef($1::oid, true) as def', [rel.oid]))[0]!;
    const options = rel.options?.length ? ` with (${rel.options.join(', ')})` : '';
    out.push(...header(`View ${rel.name}`), ...commentLines(rel.comment));
    out.push(`create ${rel.kind === 'm' ? 'materialized view' : 'view'} ${rel.name}${options} as`, def.trimEnd());
    if (rel.acl) out.push('', ...(await grantLines(q, rel.acl, rel.name, rel.owner)));
  }
  return out;
}

async function functions(q: Query): Promise<string[]> {
  const out = section('5. Functions (the live body of each, after every migration)');
  const fns = await q<{
    title: string;
    signature: string;
    def: string;
    comment: string | null;
    acl: string;
    owner: number;
    public_executes: boolean;
  }>(
    `select
            format('%s.%s(%s)', n.nspname, quote_ident(p.proname), pg_get_function_identity_arguments(p.oid)) as title,
            p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as def,
            obj_description(p.oid, 'pg_proc') as comment, p.proowner::int as owner,
            -- No ACL means PostgreSQL's default: the owner and PUBLIC may execute.
            coalesce(p.proacl, acldefault('f', p.proowner))::text as acl,
            exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a where a.grantee = 0) as public_executes
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any ($1) and p.prokind in ('f', 'p')
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by n.nspname collate "C", p.proname collate "C", pg_get_function_identity_arguments(p.oid) collate "C"`,
    [OWN],
  );
  for (const f of fns) {
    out.push(...header(`Function ${f.title}`), ...commentLines(f.comment), f.def.trimEnd() + ';');
    const target = `function ${f.signature}`;
    out.push(
      '',
      ...(f.public_executes ? [] : [`revoke execute on ${target} from public;`]),
      ...(await grantLines(q, f.acl, target, f.owner)),
    );
  }
  return out;
}

async function supabaseObjects(q: Query): Promise<string[]> {
  const out = section('6. Storage buckets and policies; triggers on Supabase tables; realtime');
  const buckets = await q<{ def: string }>(
    `select format('insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values (%s, %s, %s, %s, %s);',
                   quote_literal(b.id), quote_literal(b.name), case when b.public then 'true' else 'false' end, coalesce(b.file_size_limit::text, 'null'),
                   coalesce(quote_literal(b.allowed_mime_types::text) || '::text[]', 'null')) as def
     from storage.buckets b order by b.id collate "C"`,
  ).catch(() => []);
  if (buckets.length) out.push('', ...buckets.map((b) => b.def));
  const storageTables = await q<{ oid: number; name: string }>(
    `select c.oid::int as oid, format('storage.%s', quote_ident(c.relname)) as name from pg_class c
     where c.relnamespace = 'storage'::regnamespace and exists (select 1 from pg_policy p where p.polrelid = c.oid)
     order by c.relname collate "C"`,
  ).catch(() => []);
  for (const t of storageTables)
    out.push(...header(`Policies on ${t.name}`), ...(await policyLines(q, t.oid, t.name)).slice(1));
  const foreign = await triggerLines(
    q,
    `not (n.nspname = any ($1)) and exists (select 1 from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace
                                          where p.oid = t.tgfoid and pn.nspname = any ($1))`,
    [OWN],
  );
  if (foreign.length) out.push(...header('Triggers that migrations put on Supabase tables'), ...foreign);
  const published = await q<{ name: string }>(
    `select format('%s.%s', schemaname, quote_ident(tablename)) as name from pg_publication_tables
     where pubname = 'supabase_realtime' order by schemaname collate "C", tablename collate "C"`,
  );
  if (published.length) {
    out.push(
      ...header('Realtime publication'),
      ...published.map((p) => `alter publication supabase_realtime add table ${p.name};`),
    );
  }
  return out;
}

export async function generateSchemaSql(
  db: Sql & { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> },
): Promise<string> {
  return db.transaction(async (tx) => {
    // An empty search_path makes every name in the output schema-qualified, the same everywhere.
    await tx.query(`select set_config('search_path', '', true)`);
    const q: Query = async (sql, params) => (await tx.query(sql, params)).rows as never;
    const parts = [
      '-- Nuzl database schema: the live state after every migration in supabase/migrations.',
      '-- Generated by `npm run db:schema` (scripts/gen-schema.ts) from a freshly migrated database;',
      '-- do not edit. Change the schema with a new migration, then regenerate; the db test',
      '-- supabase/tests/db-schema.test.ts fails when this file no longer matches the migrations.',
      '--',
      '-- Ordered for reading, not for running: 1. schemas and extensions, 2. types and sequences,',
      '-- 3. tables with their indexes, row level security, policies, triggers and grants, 4. views,',
      '-- 5. functions with their bodies and EXECUTE grants, 6. storage buckets and policies, triggers on',
      '-- Supabase tables, realtime. Search for "Table public.bookings" or "Function public.request_booking"',
      '-- to jump to an object. Extension versions and owners are left out (they depend on the server).',
      ...(await schemasAndExtensions(q)),
      ...(await types(q)),
      ...(await tables(q)),
      ...(await views(q)),
      ...(await functions(q)),
      ...(await supabaseObjects(q)),
    ];
    return parts.join('\n').replace(/\n{3,}/g, '\n\n') + '\n';
  });
}

/** Builds the migrated schema in memory (no seed, PGlite) and generates schema.sql from it. */
export async function generateSchemaFromMigrations(rootDir: string): Promise<string> {
  const { openStackDatabase } = await import('../supabase/local/database');
  const opened = await openStackDatabase({ rootDir, dataDir: null, seed: false, log: () => undefined });
  try {
    return await generateSchemaSql(opened.db);
  } finally {
    await opened.dispose();
  }
}

async function main(): Promise<void> {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const target = path.join(rootDir, SCHEMA_FILE);
  const generated = await generateSchemaFromMigrations(rootDir);
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current !== generated) {
      process.stderr.write(`${SCHEMA_FILE} is stale: run npm run db:schema\n`);
      process.exit(1);
    }
    process.stdout.write(`${SCHEMA_FILE} is up to date\n`);
    return;
  }
  await writeFile(target, generated);
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
