/**
 * `npm run db:types`: regenerates src/types/database.ts from the migrated schema, in the
 * shape `supabase gen types typescript` produces (Database → public → Tables Row/Insert/
 * Update/Relationships, Views, Functions Args/Returns, Enums, CompositeTypes; the Tables /
 * TablesInsert / TablesUpdate / Enums / CompositeTypes helpers; Constants with enum values).
 *
 * The schema comes from a fresh in-memory database built exactly as the local stack builds it
 * (baseline, auth and storage schemas, supabase/migrations/*), so the output depends only on
 * the migrations. `npm run db:types -- --check` exits 1 when the committed file is stale.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from '../supabase/local/types';

export const TYPES_FILE = 'src/types/database.ts';
const SCHEMA = 'public';

interface ColumnInfo {
  table: string;
  name: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
}

interface TypeRef {
  oid: number;
  typname: string;
  typtype: string;
  typcategory: string;
  elem_typname: string | null;
  elem_typtype: string | null;
  schema: string;
  elem_schema: string | null;
  relname: string | null;
}

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING_TYPES = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'citext',
  'inet',
  'cidr',
  'macaddr',
  'bytea',
  'daterange',
  'tstzrange',
  'tsrange',
  'int4range',
  'int8range',
  'numrange',
  'money',
  'xml',
  'tsvector',
  'ltree',
]);

/** TypeScript for a Postgres type name (scalar or enum), as supabase's typegen maps them. */
function scalarTs(typname: string, typtype: string | null, schema: string | null, enums: Set<string>): string {
  if (typtype === 'e') {
    return schema === SCHEMA && enums.has(typname) ? `Database["${SCHEMA}"]["Enums"]["${typname}"]` : 'string';
  }
  if (typname === 'bool') return 'boolean';
  if (NUMBER_TYPES.has(typname)) return 'number';
  if (STRING_TYPES.has(typname)) return 'string';
  if (typname === 'json' || typname === 'jsonb') return 'Json';
  if (typname === 'void') return 'undefined';
  if (typname === 'record') return 'Record<string, unknown>';
  return 'unknown';
}

function typeRefTs(t: TypeRef, enums: Set<string>): string {
  if (t.typcategory === 'A' && t.elem_typname) {
    return `${scalarTs(t.elem_typname, t.elem_typtype, t.elem_schema, enums)}[]`;
  }
  return scalarTs(t.typname, t.typtype, t.schema, enums);
}

const TYPE_REF_SQL = `
  select t.oid::int as oid, t.typname, t.typtype::text as typtype, t.typcategory::text as typcategory,
         e.typname as elem_typname, e.typtype::text as elem_typtype, n.nspname as schema, en.nspname as elem_schema,
         c.relname
  from pg_type t
  join pg_namespace n on n.oid = t.typnamespace
  left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
  left join pg_namespace en on en.oid = e.typnamespace
  left join pg_class c on c.oid = t.typrelid and t.typtype = 'c'`;

function quoteKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

function indent(lines: string[], depth: number): string[] {
  const pad = '  '.repeat(depth);
  return lines.map((l) => (l ? pad + l : l));
}

export async function generateDatabaseTypes(db: Sql): Promise<string> {
  const q = async <T>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows;

  const enumRows = await q<{ name: string; labels: string[] }>(
    `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
     from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
     where n.nspname = $1 group by t.typname order by t.typname`,
    [SCHEMA],
  );
  const enums = new Set(enumRows.map((e) => e.name));

  const relations = await q<{ name: string; kind: string; updatable: boolean }>(
    `select c.relname as name, c.relkind::text as kind,
            (c.relkind in ('r', 'p') or pg_relation_is_updatable(c.oid::regclass, false) & 20 = 20) as updatable
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
     order by c.relname`,
    [SCHEMA],
  );

  const columns = await q<ColumnInfo & { type_oid: number }>(
    `select c.relname as table, a.attname as name, a.atttypid::int as type_oid, a.attnotnull as not_null,
            a.atthasdef as has_default, a.attidentity::text as identity, a.attgenerated::text as generated, ''::text as type
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attname`,
    [SCHEMA],
  );

  const typeOids = new Set<number>(columns.map((c) => c.type_oid));
  const functions = await q<{
    name: string;
    arg_names: string[] | null;
    arg_modes: string[] | null;
    arg_types: number[];
    all_arg_types: number[] | null;
    n_defaults: number;
    returns_set: boolean;
    ret_type: number;
  }>(
    `select p.proname as name, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
            string_to_array(nullif(p.proargtypes::text, ''), ' ')::int[] as arg_types,
            p.proallargtypes::int[] as all_arg_types, p.pronargdefaults::int as n_defaults,
            p.proretset as returns_set, p.prorettype::int as ret_type
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by p.proname, p.oid`,
    [SCHEMA],
  );
  for (const f of functions) {
    for (const t of [...(f.arg_types ?? []), ...(f.all_arg_types ?? []), f.ret_type]) typeOids.add(t);
  }
  const typeRefs = new Map<number, TypeRef>();
  for (const t of await q<TypeRef>(`${TYPE_REF_SQL} where t.oid = any($1::oid[])`, [[...typeOids]]))
    typeRefs.set(t.oid, t);
  const tsOf = (oid: number) => {
    const ref = typeRefs.get(oid);
    return ref ? typeRefTs(ref, enums) : 'unknown';
  };

  const fks = await q<{
    table: string;
    name: string;
    columns: string[];
    ref_table: string;
    ref_columns: string[];
    one_to_one: boolean;
  }>(
    `select c.relname as table, con.conname as name,
            array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i)::text[] as columns,
            rc.relname as ref_table,
            array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)::text[] as ref_columns,
            exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique and i.indpred is null
                      and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
                        = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
     from pg_constraint con
     join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
     where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1
     order by c.relname, con.conname`,
    [SCHEMA],
  );

  const colsOf = (table: string) => columns.filter((c) => c.table === table);
  const rowLines = (table: string, allNullable: boolean) =>
    colsOf(table).map((c) => `${quoteKey(c.name)}: ${tsOf(c.type_oid)}${allNullable || !c.not_null ? ' | null' : ''}`);

  const relationshipLines = (table: string) => {
    const rels = fks.filter((f) => f.table === table);
    if (rels.length === 0) return ['Relationships: []'];
    const out = ['Relationships: ['];
    for (const r of rels) {
      out.push(
        '  {',
        `    foreignKeyName: ${JSON.stringify(r.name)}`,
        `    columns: [${r.columns.map((c) => JSON.stringify(c)).join(', ')}]`,
        `    isOneToOne: ${r.one_to_one}`,
        `    referencedRelation: ${JSON.stringify(r.ref_table)}`,
        `    referencedColumns: [${r.ref_columns.map((c) => JSON.stringify(c)).join(', ')}]`,
        '  },',
      );
    }
    out.push(']');
    return out;
  };

  const writeLines = (table: string, mode: 'insert' | 'update', isView: boolean) =>
    colsOf(table).map((c) => {
      const key = quoteKey(c.name);
      if (c.generated === 's' || c.identity === 'a') return `${key}?: never`;
      const optional = mode === 'update' || isView || !c.not_null || c.has_default || c.identity === 'd';
      return `${key}${optional ? '?' : ''}: ${tsOf(c.type_oid)}${isView || !c.not_null ? ' | null' : ''}`;
    });

  const block = (name: string, body: string[]) => [`${name}: {`, ...indent(body, 1), '}'];

  const tableBlocks: string[] = [];
  const viewBlocks: string[] = [];
  for (const rel of relations) {
    const isView = rel.kind === 'v' || rel.kind === 'm';
    const body = [...block('Row', rowLines(rel.name, isView))];
    if (!isView || rel.updatable) {
      body.push(...block('Insert', writeLines(rel.name, 'insert', isView)));
      body.push(...block('Update', writeLines(rel.name, 'update', isView)));
    }
    body.push(...relationshipLines(rel.name));
    (isView ? viewBlocks : tableBlocks).push(...block(quoteKey(rel.name), body));
  }

  const functionBlocks: string[] = [];
  const byName = new Map<string, typeof functions>();
  for (const f of functions) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
  for (const [name, overloads] of byName) {
    const variants = overloads.map((f) => {
      const allTypes = f.all_arg_types ?? f.arg_types ?? [];
      const modes = f.arg_modes ?? allTypes.map(() => 'i');
      const names = f.arg_names ?? [];
      const inputs: Array<{ name: string; type: number }> = [];
      const outputs: Array<{ name: string; type: number }> = [];
      allTypes.forEach((t, i) => {
        const arg = { name: names[i] ?? `arg${i}`, type: t };
        if (modes[i] === 'i' || modes[i] === 'b' || modes[i] === 'v') inputs.push(arg);
        if (modes[i] === 'o' || modes[i] === 'b' || modes[i] === 't') outputs.push(arg);
      });
      const firstDefault = inputs.length - f.n_defaults;
      const args =
        inputs.length === 0
          ? ['Args: never']
          : block(
              'Args',
              inputs.map((a, i) => `${quoteKey(a.name)}${i >= firstDefault ? '?' : ''}: ${tsOf(a.type)}`),
            );

      let returns: string[];
      const ret = typeRefs.get(f.ret_type);
      if (outputs.length > 0) {
        const shape = outputs.map((o) => `${quoteKey(o.name)}: ${tsOf(o.type)}`);
        returns = ['Returns: {', ...indent(shape, 1), f.returns_set ? '}[]' : '}'];
      } else if (ret?.typtype === 'c' && ret.relname && ret.schema === SCHEMA) {
        const shape = rowLines(ret.relname, false);
        returns = ['Returns: {', ...indent(shape, 1), f.returns_set ? '}[]' : '}'];
      } else {
        returns = [`Returns: ${tsOf(f.ret_type)}${f.returns_set ? '[]' : ''}`];
      }
      return ['{', ...indent([...args, ...returns], 1), '}'];
    });
    if (variants.length === 1) {
      const only = variants[0]!;
      functionBlocks.push(`${quoteKey(name)}: {`, ...only.slice(1, -1), '}');
    } else {
      functionBlocks.push(`${quoteKey(name)}:`);
      variants.forEach((v) => functionBlocks.push(...indent(['| ' + v[0], ...v.slice(1)], 1)));
    }
  }

  const enumBlocks = enumRows.map((e) => `${quoteKey(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`);
  const constantsEnums = enumRows.map(
    (e) => `${quoteKey(e.name)}: [${e.labels.map((l) => JSON.stringify(l)).join(', ')}],`,
  );
  const emptyOr = (lines: string[]) => (lines.length ? lines : ['[_ in never]: never']);

  const schemaBody = [
    ...block('Tables', emptyOr(tableBlocks)),
    ...block('Views', emptyOr(viewBlocks)),
    ...block('Functions', emptyOr(functionBlocks)),
    ...block('Enums', emptyOr(enumBlocks)),
    ...block('CompositeTypes', ['[_ in never]: never']),
  ];

  return [
    '// Generated by `npm run db:types` (scripts/gen-types.ts) from supabase/migrations.',
    '// Do not edit by hand: change a migration and regenerate. A test fails when this file is stale.',
    '',
    'export type Json =',
    '  | string',
    '  | number',
    '  | boolean',
    '  | null',
    '  | { [key: string]: Json | undefined }',
    '  | Json[]',
    '',
    'export type Database = {',
    '  // Lets createClient<Database>() pick the PostgREST feature set without a second type argument.',
    '  __InternalSupabase: {',
    '    PostgrestVersion: "12"',
    '  }',
    ...indent(block(SCHEMA, schemaBody), 1),
    '}',
    '',
    HELPER_TYPES.trim(),
    '',
    'export const Constants = {',
    `  ${SCHEMA}: {`,
    '    Enums: {',
    ...indent(constantsEnums, 3),
    '    },',
    '  },',
    '} as const',
    '',
  ].join('\n');
}

// Helper types with the same names and call shapes as supabase's generated ones:
// Tables<'units'>, TablesInsert<'units'>, TablesUpdate<'units'>, Enums<'booking_status'>,
// CompositeTypes<…>, each also accepting { schema: 'public' } as the first argument.
const HELPER_TYPES = `
type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">
type SchemaName = keyof DatabaseWithoutInternals
type DefaultSchema = DatabaseWithoutInternals["${SCHEMA}"]
type SchemaOf<S> = S extends { schema: SchemaName } ? DatabaseWithoutInternals[S["schema"]] : DefaultSchema
type Readable<S> = SchemaOf<S>["Tables"] & SchemaOf<S>["Views"]

export type Tables<
  NameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"]) | { schema: SchemaName },
  TableName extends NameOrOptions extends { schema: SchemaName } ? keyof Readable<NameOrOptions> : never = never,
> = (NameOrOptions extends { schema: SchemaName }
  ? Readable<NameOrOptions>[TableName]
  : NameOrOptions extends keyof Readable<NameOrOptions>
    ? Readable<NameOrOptions>[NameOrOptions]
    : never) extends { Row: infer R }
  ? R
  : never

export type TablesInsert<
  NameOrOptions extends keyof DefaultSchema["Tables"] | { schema: SchemaName },
  TableName extends NameOrOptions extends { schema: SchemaName } ? keyof SchemaOf<NameOrOptions>["Tables"] : never = never,
> = (NameOrOptions extends { schema: SchemaName }
  ? SchemaOf<NameOrOptions>["Tables"][TableName]
  : NameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][NameOrOptions]
    : never) extends { Insert: infer I }
  ? I
  : never

export type TablesUpdate<
  NameOrOptions extends keyof DefaultSchema["Tables"] | { schema: SchemaName },
  TableName extends NameOrOptions extends { schema: SchemaName } ? keyof SchemaOf<NameOrOptions>["Tables"] : never = never,
> = (NameOrOptions extends { schema: SchemaName }
  ? SchemaOf<NameOrOptions>["Tables"][TableName]
  : NameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][NameOrOptions]
    : never) extends { Update: infer U }
  ? U
  : never

export type Enums<
  NameOrOptions extends keyof DefaultSchema["Enums"] | { schema: SchemaName },
  EnumName extends NameOrOptions extends { schema: SchemaName } ? keyof SchemaOf<NameOrOptions>["Enums"] : never = never,
> = NameOrOptions extends { schema: SchemaName }
  ? SchemaOf<NameOrOptions>["Enums"][EnumName]
  : NameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][NameOrOptions]
    : never

export type CompositeTypes<
  NameOrOptions extends keyof DefaultSchema["CompositeTypes"] | { schema: SchemaName },
  TypeName extends NameOrOptions extends { schema: SchemaName } ? keyof SchemaOf<NameOrOptions>["CompositeTypes"] : never = never,
> = NameOrOptions extends { schema: SchemaName }
  ? SchemaOf<NameOrOptions>["CompositeTypes"][TypeName]
  : NameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][NameOrOptions]
    : never
`;

/** Builds the migrated schema in memory (no seed) and generates the types from it. */
export async function generateFromMigrations(rootDir: string): Promise<string> {
  const { openStackDatabase } = await import('../supabase/local/database');
  const opened = await openStackDatabase({ rootDir, dataDir: null, seed: false, log: () => undefined });
  try {
    return await generateDatabaseTypes(opened.db);
  } finally {
    await opened.dispose();
  }
}

async function main(): Promise<void> {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const target = path.join(rootDir, TYPES_FILE);
  const generated = await generateFromMigrations(rootDir);
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current !== generated) {
      process.stderr.write(`${TYPES_FILE} is stale: run npm run db:types\n`);
      process.exit(1);
    }
    process.stdout.write(`${TYPES_FILE} is up to date\n`);
    return;
  }
  await writeFile(target, generated);
  process.stdout.write(`wrote ${TYPES_FILE}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
