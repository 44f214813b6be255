import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
  await stack.db.exec(`
    create table public.smoke (id int primary key, name text not null);
    grant select on public.smoke to anon;
    insert into public.smoke values (1, 'one'), (2, 'two');
  `);
  await stack.reloadSchema();
});
afterAll(() => stack?.stop());

describe('local stack smoke', () => {
  it('serves a granted table to the anon key through supabase-js', async () => {
    const { data, error } = await stack.client().from('smoke').select('id, name').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
  });
});
