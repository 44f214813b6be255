/**
 * Public API hardening (issue 14, docs/api.md), through the local stack as a client calls it:
 *
 * - Guessing keys: 30 requests without a valid key from one address in a five-minute window, and
 *   the 31st is 429 too_many_requests with Retry-After — whatever it sends, a valid key included —
 *   until the window ends; another address is not affected. The address is the gateway's (the
 *   TCP peer here: 127.0.0.1), not a header the client sends.
 * - Idempotency-Key on POST /v1/bookings: the same key and body again replays the first answer
 *   (same status and body, Idempotent-Replayed: true) and books nothing more; another body is 422
 *   idempotency_key_reused; concurrent duplicates create one booking; a refusal (taken dates) is
 *   replayed as the same refusal.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORG1, day, service, signInDemo, unitId } from './fixtures/db-accounts';
import { callApi, makeKey, type ApiInit } from './helpers/api-function';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let key: string;
let client: string;

const api = (path: string, k: string | null, init: ApiInit = {}) => callApi(stack, path, k, init);

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  key = await makeKey(await signInDemo(stack, 'owner1'), 'Hardening');
  const { rows } = await stack.db.query<{ id: string }>(
    'select id from public.clients where organization_id = $1 order by id limit 1',
    [ORG1],
  );
  client = rows[0]!.id;
  expect((await api('/v1/units?limit=1', key)).status).toBe(200);
}, 120_000);
afterAll(() => stack?.stop());

/** Every address starts with a clean window. */
const forgetAddresses = () => stack.db.query('delete from private.api_address_windows');

describe('a limit per client address for requests without a valid key', () => {
  beforeEach(forgetAddresses);
  afterAll(forgetAddresses);

  it('the 31st request without a valid key in five minutes is 429 with Retry-After, a valid key too', async () => {
    const wrong = [null, 'nzl_short', `nzl_${'0'.repeat(64)}`];
    for (let i = 0; i < 30; i += 1) {
      const answer = await api('/v1/units', wrong[i % 3]!, {
        // A client-chosen address changes nothing: the gateway writes the peer's.
        headers: { 'X-Forwarded-For': `198.51.100.${i}`, 'CF-Connecting-IP': `203.0.113.${i}` },
      });
      expect(answer.status, `attempt ${i + 1}`).toBe(401);
    }
    // Valid keys still work below the limit: only requests without one count.
    const { rows } = await stack.db.query<{ address: string; failures: number }>(
      'select address, failures from private.api_address_windows',
    );
    expect(rows).toEqual([{ address: '127.0.0.1', failures: 30 }]);

    for (const k of [null, `nzl_${'1'.repeat(64)}`, key]) {
      const refused = await api('/v1/units?limit=1', k);
      expect(refused.status).toBe(429);
      expect(refused.body.error?.code).toBe('too_many_requests');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(300);
    }
    // The guesses stopped being looked up: the count stays at the limit.
    const after = await stack.db.query<{ failures: number }>('select failures from private.api_address_windows');
    expect(after.rows[0]!.failures).toBe(30);

    // Another address is not affected (the gate as the function calls it, for another client).
    const other = await service(stack).rpc('api_gate', { key_hash: '', client_address: '192.0.2.44' });
    expect(other.data).toEqual({ outcome: 'invalid' });
  });

  it('a window that has ended lets the address in again', async () => {
    await stack.db.query(
      `insert into private.api_address_windows (address, window_start, failures)
       values ('127.0.0.1', now() - interval '10 minutes', 30)`,
    );
    expect((await api('/v1/units?limit=1', key)).status).toBe(200);
    expect((await api('/v1/units?limit=1', null)).status).toBe(401);
  });

  it('the gate is the service role’s only', async () => {
    const { error } = await stack.client('anon').rpc('api_gate', { key_hash: null, client_address: '1.2.3.4' });
    expect(error).not.toBeNull();
  });
});

describe('Idempotency-Key on POST /v1/bookings', () => {
  let nextDay = 500;
  /** A stay on free dates of unit 3, each call further in the future. */
  const freshStay = () => {
    const from = nextDay;
    nextDay += 5;
    return { unit_id: unitId(3), client_id: client, check_in: day(from), check_out: day(from + 2), guests_count: 1 };
  };
  const bookingsOn = async (checkIn: string) =>
    (
      await stack.db.query<{ n: number }>(
        `select count(*)::int as n from public.bookings where unit_id = $1 and check_in = $2`,
        [unitId(3), checkIn],
      )
    ).rows[0]!.n;
  const post = (body: unknown, idempotencyKey: string) =>
    api('/v1/bookings', key, { body, headers: { 'Idempotency-Key': idempotencyKey } });

  it('the same key and body replays the first answer and books once', async () => {
    const stay = freshStay();
    const idem = randomUUID();
    const first = await post(stay, idem);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The same body with its fields in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(stay).reverse());
    const again = await post(reordered, idem);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(await bookingsOn(stay.check_in)).toBe(1);

    // Without the header, the same body is a new request (refused here: the dates are taken).
    const plain = await api('/v1/bookings', key, { body: stay });
    expect(plain.status).toBe(409);
  });

  it('the same key with another body is 422 idempotency_key_reused and books nothing', async () => {
    const idem = randomUUID();
    const stay = freshStay();
    expect((await post(stay, idem)).status).toBe(201);
    const other = freshStay();
    const reused = await post(other, idem);
    expect(reused.status).toBe(422);
    expect(reused.body.error?.code).toBe('idempotency_key_reused');
    expect(await bookingsOn(other.check_in)).toBe(0);
  });

  it('concurrent duplicates create one booking and all get its answer', async () => {
    const stay = freshStay();
    const idem = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(stay, idem)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => (a.body as { id: string }).id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    expect(await bookingsOn(stay.check_in)).toBe(1);
  });

  it('a refusal is replayed as the same refusal', async () => {
    const stay = freshStay();
    expect((await api('/v1/bookings', key, { body: stay })).status).toBe(201);
    const idem = randomUUID();
    const refused = await post(stay, idem);
    expect(refused.status).toBe(409);
    const replay = await post(stay, idem);
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual(refused.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a malformed key is 400 invalid_idempotency_key', async () => {
    const answer = await post(freshStay(), 'x'.repeat(256));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('invalid_idempotency_key');
  });
});
