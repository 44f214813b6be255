/**
 * The Data API (PostgREST over the shared PGlite session) and in-process transactions (what
 * auth and storage use) running at the same time never see each other's role, claims or
 * uncommitted rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await createTestStack();
  await stack.db.exec(`
    create table public.iso_items (id int primary key, label text not null);
    grant select on public.iso_items to anon, authenticated;
    insert into public.iso_items values (1, 'committed');
    create function public.iso_whoami() returns json language sql stable
      as $$ select json_build_object('role', current_user, 'sub', auth.uid(),
                                     'n', (select count(*) from public.iso_items)) $$;
    grant execute on function public.iso_whoami() to anon, authenticated;
  `);
  await stack.reloadSchema();
});
afterAll(() => stack?.stop());

describe('REST requests and in-process transactions in parallel', () => {
  it('never share a role, claims or uncommitted rows', async () => {
    const users = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const sub = randomUUID();
        return { sub, client: stack.client({ accessToken: await stack.userToken({ sub }) }) };
      }),
    );
    const anon = stack.client();
    const problems: string[] = [];

    const restLoad = Array.from({ length: 60 }, async (_, i) => {
      if (i % 4 === 3) {
        const { data, error } = await anon.from('iso_items').select('label');
        if (error) problems.push(`anon read: ${error.message}`);
        else if (data.some((r) => r.label !== 'committed')) problems.push(`anon saw ${JSON.stringify(data)}`);
        return;
      }
      const user = users[i % 3]!;
      const { data, error } = await user.client.rpc('iso_whoami');
      if (error) problems.push(`user rpc: ${error.message}`);
      else if (JSON.stringify(data) !== JSON.stringify({ role: 'authenticated', sub: user.sub, n: 1 }))
        problems.push(`user ${user.sub} saw ${JSON.stringify(data)}`);
    });

    const inProcess = Array.from({ length: 15 }, async (_, i) => {
      // An uncommitted row that is rolled back: no REST request may ever count it.
      await stack.db
        .transaction(async (tx) => {
          await tx.query('insert into public.iso_items values ($1, $2)', [100 + i, 'uncommitted']);
          const me = await tx.query<{ who: string; claims: string | null }>(
            "select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims",
          );
          if (me.rows[0]?.who !== 'postgres' || me.rows[0]?.claims !== null)
            problems.push(`in-process tx saw ${JSON.stringify(me.rows[0])}`);
          await new Promise((r) => setTimeout(r, 5));
          throw new Error('rollback');
        })
        .catch((err: Error) => {
          if (err.message !== 'rollback') problems.push(`in-process: ${err.message}`);
        });
      const sub = randomUUID();
      const seen = await stack.db.asRole(
        { role: 'authenticated', claims: { sub, role: 'authenticated' } },
        async (tx) =>
          (await tx.query<{ who: string; uid: string }>('select current_user as who, auth.uid()::text as uid')).rows[0],
      );
      if (seen?.who !== 'authenticated' || seen.uid !== sub) problems.push(`asRole saw ${JSON.stringify(seen)}`);
    });

    await Promise.all([...restLoad, ...inProcess]);
    expect(problems).toEqual([]);
    const { data } = await anon.from('iso_items').select('id');
    expect(data).toEqual([{ id: 1 }]);
  });
});
