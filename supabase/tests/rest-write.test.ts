/**
 * Data API compatibility, writing: insert / upsert / update / delete with returning, and the
 * errors hosted Supabase gives for conflicts and bad input.
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

describe('insert', () => {
  it('inserts and returns the row with .select().single() (201)', async () => {
    const { data, error, status } = await stack
      .client()
      .from('rt_clients')
      .insert({ name: 'Insert One', vat: '1' })
      .select('name, vat')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ name: 'Insert One', vat: '1' });
  });

  it('inserts several rows; without .select() the body is empty', async () => {
    const res = await stack
      .client()
      .from('rt_clients')
      .insert([{ name: 'Bulk A' }, { name: 'Bulk B', vat: 'x' }]);
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.data).toBeNull();
    const { data } = await stack
      .client()
      .from('rt_clients')
      .select('name, vat')
      .in('name', ['Bulk A', 'Bulk B'])
      .order('name');
    expect(data).toEqual([
      { name: 'Bulk A', vat: null },
      { name: 'Bulk B', vat: 'x' },
    ]);
  });

  it('a duplicate is 23505 (409)', async () => {
    const { error, status } = await stack.client().from('rt_clients').insert({ name: 'Acme' });
    expect(status).toBe(409);
    expect(error?.code).toBe('23505');
  });

  it('a NOT NULL violation is 23502 (400)', async () => {
    const { error, status } = await stack.client().from('rt_invoices').insert({ client_id: 1 });
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
  });
});

describe('upsert', () => {
  it('merges on the conflict target and returns the row', async () => {
    const { data, error } = await stack
      .client()
      .from('rt_clients')
      .upsert({ id: 4, name: 'Dune Lodge', vat: '399999999999993' }, { onConflict: 'id' })
      .select('id, name, vat');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 4, name: 'Dune Lodge', vat: '399999999999993' }]);
  });

  it('inserts when there is no conflict, and ignoreDuplicates keeps the existing row', async () => {
    const inserted = await stack
      .client()
      .from('rt_clients')
      .upsert({ name: 'Upsert New' }, { onConflict: 'name' })
      .select('name');
    expect(inserted.data).toEqual([{ name: 'Upsert New' }]);
    const ignored = await stack
      .client()
      .from('rt_clients')
      .upsert({ name: 'Acme', vat: 'changed' }, { onConflict: 'name', ignoreDuplicates: true })
      .select('name');
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const { data } = await stack.client().from('rt_clients').select('vat').eq('name', 'Acme').single();
    expect(data?.vat).toBe('300000000000003');
  });
});

describe('update and delete', () => {
  it('updates the filtered rows and returns them', async () => {
    const { data, error, status } = await stack
      .client()
      .from('rt_invoices')
      .update({ status: 'sent' })
      .eq('status', 'open')
      .select('number, status')
      .order('number');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { number: 'INV-1', status: 'sent' },
      { number: 'INV-3', status: 'sent' },
    ]);
  });

  it('update without .select() is 204 with no body', async () => {
    const res = await stack.client().from('rt_invoices').update({ total: 1 }).eq('id', 4);
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
  });

  it('deletes and returns the deleted rows; embedded children cascade', async () => {
    const { data, error } = await stack.client().from('rt_invoices').delete().eq('id', 1).select('number');
    expect(error).toBeNull();
    expect(data).toEqual([{ number: 'INV-1' }]);
    const lines = await stack.client().from('rt_lines').select('id').eq('invoice_id', 1);
    expect(lines.data).toEqual([]);
  });

  it('delete of no rows is a success with an empty result', async () => {
    const { data, error } = await stack.client().from('rt_invoices').delete().eq('id', 12345).select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
