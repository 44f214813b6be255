/**
 * Twenty people try to book the same unit for overlapping dates at the same moment: exactly
 * one succeeds, the others get "This unit is already booked for the selected dates". Runs
 * through supabase-js against the local stack (PGlite, or a real PostgreSQL server when
 * SUPABASE_DB_URL is set); on a real server it also races twenty separate database sessions.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, day, signInDemo, unitId, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let clientId: string;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  const { data } = await owner1
    .from('clients')
    .insert({ name: 'Race', phone: '+966500009999', passport_number: 'R000001' })
    .select()
    .single();
  clientId = data!.id;
});
afterAll(() => stack?.stop());

describe('concurrent overlapping bookings', () => {
  it('20 simultaneous requests through the API: exactly one booking is made', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        owner1
          .from('bookings')
          .insert({
            unit_id: unitId(6),
            client_id: clientId,
            check_in: day(700 + (i % 3)),
            check_out: day(704 + (i % 3)),
            booking_reference: 'x',
          })
          .select('id')
          .single(),
      ),
    );
    const ok = attempts.filter((a) => !a.error);
    expect(ok).toHaveLength(1);
    for (const failed of attempts.filter((a) => a.error)) {
      expect(failed.error!.code).toBe('23P01');
      expect(failed.error!.message).toMatch(/This unit is already booked for the selected dates|bookings_no_overlap/);
    }
    const { count } = await owner1
      .from('bookings')
      .select('*', { count: 'exact', head: true })
      .eq('unit_id', unitId(6))
      .gte('check_in', day(690))
      .lte('check_in', day(710));
    expect(count).toBe(1);
  });

  it.runIf(Boolean(process.env.SUPABASE_DB_URL))(
    '20 separate database sessions on a real PostgreSQL server: exactly one commits',
    async () => {
      const url = stack.stack.dbUrl!;
      const clients = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          return c;
        }),
      );
      try {
        const claims = JSON.stringify({ sub: DEMO.owner1.id, role: 'authenticated' });
        const results = await Promise.allSettled(
          clients.map(async (c) => {
            await c.query('begin');
            await c.query(
              `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
              [claims],
            );
            await c.query(
              `insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, booking_reference)
                         values ($1, $2, $3, $4, $5, 'x')`,
              [ORG1, unitId(11), clientId, day(800), day(803)],
            );
            await c.query('commit');
          }),
        );
        await Promise.all(clients.map((c) => c.query('rollback').catch(() => undefined)));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) {
          if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('23P01');
        }
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
    },
  );
});
