/**
 * postgres_changes filters as Supabase Realtime accepts them: `column=op.value`, op one of
 * eq, neq, lt, lte, gt, gte, in (`in.(a,b,"c,d")`); several, comma-separated, must all hold.
 * Values are compared as the column's type would (numbers numerically, uuids without case).
 */

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface FilterClause {
  column: string;
  op: FilterOp;
  /** One value, or the list for `in`. */
  values: string[];
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** Splits on `sep` outside double quotes and parentheses. */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted && c === '\\' && i + 1 < text.length) {
      current += c + (text[i + 1] as string);
      i++;
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    if (!quoted && depth === 0 && c === sep) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

/** `"a \"b\""` → `a "b"` (the quoting realtime-js's filter builder applies to reserved characters). */
function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/** Parses a filter string; throws with the reason Realtime would give for a malformed one. */
export function parseFilter(filter: string | undefined | null): FilterClause[] {
  if (filter === undefined || filter === null || filter.trim() === '') return [];
  return splitTop(filter, ',').map((part) => {
    const m = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(part.trim());
    if (!m) throw new Error(`Error parsing \`filter\` params: ${part}`);
    const [, column, op, raw] = m as unknown as [string, string, string, string];
    if (!OPS.has(op as FilterOp)) throw new Error(`Error parsing \`filter\` params: unsupported operator ${op}`);
    if (op === 'in') {
      const inner = /^\((.*)\)$/s.exec(raw.trim());
      if (!inner) throw new Error(`Error parsing \`filter\` params: ${part}`);
      return { column: column.trim(), op: 'in', values: splitTop(inner[1] as string, ',').map(unquote) };
    }
    return { column: column.trim(), op: op as FilterOp, values: [unquote(raw)] };
  });
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** -1 / 0 / 1 comparing a row's JSON value with a filter's text value, as the column type orders them. */
function compare(value: unknown, text: string, type: string | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC.has(type ?? '') || typeof value === 'number') {
    const a = Number(value);
    const b = Number(text);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type === 'bool' || typeof value === 'boolean') {
    const b = /^(t|true|1|y|yes|on)$/i.test(text);
    return Number(value === true) - Number(b);
  }
  const a = typeof value === 'string' ? value : JSON.stringify(value);
  const [x, y] = type === 'uuid' ? [a.toLowerCase(), text.toLowerCase()] : [a, text];
  return x === y ? 0 : x < y ? -1 : 1;
}

function holds(clause: FilterClause, value: unknown, type: string | undefined): boolean {
  if (clause.op === 'in') return clause.values.some((v) => compare(value, v, type) === 0);
  const c = compare(value, clause.values[0] as string, type);
  if (c === null) return false;
  switch (clause.op) {
    case 'eq':
      return c === 0;
    case 'neq':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
  }
}

/**
 * True when every clause holds for `record`. A clause on a column the record does not carry
 * (a DELETE's old record has only the primary key) passes, as hosted Realtime lets deletes
 * through filters.
 */
export function matchesFilter(clauses: FilterClause[], record: Record<string, unknown>, types: Map<string, string>) {
  return clauses.every((clause) =>
    clause.column in record ? holds(clause, record[clause.column], types.get(clause.column)) : true,
  );
}
