/**
 * Data API compatibility, reading: what supabase-js sends and what PostgREST on hosted
 * Supabase answers (docs/local-stack.md, "The Data API"). Every assertion here holds against a hosted project too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRestFixture } from './helpers/rest-fixture';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
  await installRestFixture(stack);
});
afterAll(() => stack?.stop());

describe('select with embedding', () => {
  it('embeds a to-one relation as an object (or null) and a to-many relation as an array', async () => {
    const { data, error } = await stack
      .client()
      .from('rt_invoices')
      .select('id, number, client:rt_clients(name), lines:rt_lines(qty)')
      .order('id')
      .order('qty', { referencedTable: 'rt_lines' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, number: 'INV-1', client: { name: 'Acme' }, lines: [{ qty: 2 }, { qty: 3 }] },
      { id: 2, number: 'INV-2', client: { name: 'Acme' }, lines: [{ qty: 5 }] },
      { id: 3, number: 'INV-3', client: { name: 'Beta Stays' }, lines: [] },
      { id: 4, number: 'INV-4', client: null, lines: [] },
    ]);
  });

  it('embeds the reverse (one-to-many) direction', async () => {
    const { data, error } = await stack
      .client()
      .from('rt_clients')
      .select('name, rt_invoices(number)')
      .eq('id', 1)
      .order('number', { referencedTable: 'rt_invoices' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Acme', rt_invoices: [{ number: 'INV-1' }, { number: 'INV-2' }] }]);
  });

  it('!inner filters the parent rows by the embedded filter', async () => {
    const { data, error } = await stack
      .client()
      .from('rt_invoices')
      .select('number, rt_lines!inner(qty)')
      .eq('rt_lines.qty', 5);
    expect(error).toBeNull();
    expect(data).toEqual([{ number: 'INV-2', rt_lines: [{ qty: 5 }] }]);
  });

  it('an unknown relationship is PGRST200 (400)', async () => {
    const { error, status } = await stack.client().from('rt_clients').select('name, rt_notes(body)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
  });
});

describe('filters', () => {
  const base = () => stack.client().from('rt_clients').select('name');
  const names = async (build: (q: ReturnType<typeof base>) => PromiseLike<{ data: unknown; error: unknown }>) => {
    const { data, error } = await build(base());
    expect(error).toBeNull();
    return (data as Array<{ name: string }>).map((r) => r.name).sort();
  };

  it('eq, neq, gt, lt', async () => {
    expect(await names((q) => q.eq('id', 2))).toEqual(['Beta Stays']);
    expect(await names((q) => q.neq('id', 2))).toEqual(['Acme', 'Corniche Homes', 'Dune Lodge']);
    expect(await names((q) => q.gt('id', 2))).toEqual(['Corniche Homes', 'Dune Lodge']);
    expect(await names((q) => q.lt('id', 2))).toEqual(['Acme']);
  });

  it('like and ilike (with % and * wildcards), spaces in values', async () => {
    expect(await names((q) => q.like('name', '%Homes'))).toEqual(['Corniche Homes']);
    expect(await names((q) => q.like('name', '%homes'))).toEqual([]);
    expect(await names((q) => q.ilike('name', '%HOMES'))).toEqual(['Corniche Homes']);
    expect(await names((q) => q.ilike('name', 'beta*'))).toEqual(['Beta Stays']);
    expect(await names((q) => q.eq('name', 'Beta Stays'))).toEqual(['Beta Stays']);
  });

  it('in, is, not, or', async () => {
    expect(await names((q) => q.in('id', [1, 3]))).toEqual(['Acme', 'Corniche Homes']);
    expect(await names((q) => q.in('name', ['Acme', 'Dune Lodge', 'x,y']))).toEqual(['Acme', 'Dune Lodge']);
    expect(await names((q) => q.is('vat', null))).toEqual(['Beta Stays', 'Dune Lodge']);
    expect(await names((q) => q.not('vat', 'is', null))).toEqual(['Acme', 'Corniche Homes']);
    expect(await names((q) => q.or('id.eq.1,name.ilike.*lodge*'))).toEqual(['Acme', 'Dune Lodge']);
    expect(await names((q) => q.not('id', 'in', '(1,2)'))).toEqual(['Corniche Homes', 'Dune Lodge']);
  });

  it('an unknown column is 42703 (400)', async () => {
    const { error, status } = await stack.client().from('rt_clients').select('name').eq('nope', 1);
    expect(status).toBe(400);
    expect(error?.code).toBe('42703');
  });
});

describe('order, range and count', () => {
  it('orders with nulls placement', async () => {
    const { data } = await stack
      .client()
      .from('rt_invoices')
      .select('number, total')
      .order('total', { ascending: false, nullsFirst: false });
    expect(data?.map((r) => r.number)).toEqual(['INV-2', 'INV-1', 'INV-4', 'INV-3']);
  });

  it('range with count=exact gives the total and a partial status (206)', async () => {
    const { data, count, status, error } = await stack
      .client()
      .from('rt_clients')
      .select('id', { count: 'exact' })
      .order('id')
      .range(1, 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(count).toBe(4);
    expect(status).toBe(206);
  });

  it('sends Content-Range as PostgREST does (head request, raw header)', async () => {
    const res = await fetch(`${stack.apiUrl}/rest/v1/rt_clients?select=id&order=id&offset=0&limit=2`, {
      headers: { apikey: stack.anonKey, Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-1/4');
    const head = await stack.client().from('rt_clients').select('*', { count: 'exact', head: true });
    expect(head.count).toBe(4);
    expect(head.data).toBeNull();
  });
});

describe('single and maybeSingle', () => {
  it('single returns an object for exactly one row', async () => {
    const { data, error } = await stack.client().from('rt_clients').select('name').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Acme' });
  });

  it('single on zero rows is PGRST116 (406)', async () => {
    const { data, error, status } = await stack.client().from('rt_clients').select('name').eq('id', 999).single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
  });

  it('maybeSingle gives null for zero rows and PGRST116 for several', async () => {
    const none = await stack.client().from('rt_clients').select('name').eq('id', 999).maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const many = await stack.client().from('rt_clients').select('name').maybeSingle();
    expect(many.data).toBeNull();
    expect(many.error?.code).toBe('PGRST116');
  });
});

describe('rpc', () => {
  it('calls a function with POST and returns a scalar', async () => {
    const { data, error } = await stack.client().rpc('rt_add', { a: 2, b: 40 });
    expect(error).toBeNull();
    expect(data).toBe(42);
  });

  it('calls a set-returning function with GET, filterable and limited', async () => {
    const { data, error } = await stack
      .client()
      .rpc('rt_search', { q: 'e' }, { get: true })
      .select('name')
      .order('name')
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Acme' }, { name: 'Beta Stays' }]);
  });

  it('RAISE EXCEPTION is P0001 (400) and an unknown function is 404', async () => {
    const failed = await stack.client().rpc('rt_fail');
    expect(failed.status).toBe(400);
    expect(failed.error).toMatchObject({ code: 'P0001', message: 'nope', hint: 'rt' });
    const missing = await stack.client().rpc('rt_nope' as 'rt_add', { a: 1, b: 2 });
    expect(missing.status).toBe(404);
  });
});
