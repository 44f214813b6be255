/**
 * The public REST API (edge function `api`, docs/api.md) through the local stack: the 61st request
 * of a minute for one key is 429 with Retry-After, counted in the database; bad input is a 4xx with
 * a stable code, never a 5xx; the OpenAPI document needs no key. Tenancy, keys and bookings:
 * functions-api.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG1, day, signInDemo, unitId, type Db } from './fixtures/db-accounts';
import { callApi, makeKey, type ApiInit } from './helpers/api-function';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let owner1: Db;
let key1: string;
let key2: string;
const ORG2_UNIT = unitId(13);

const api = (path: string, key: string | null, init: ApiInit = {}) => callApi(stack, path, key, init);

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  key1 = await makeKey(owner1, 'Channel manager');
  key2 = await makeKey(await signInDemo(stack, 'owner2'), 'Second org sync');
  // The first call boots the function's Deno worker.
  expect((await api('/v1/units?limit=1', key1)).status).toBe(200);
}, 120_000);
afterAll(() => stack?.stop());

describe('rate limit', () => {
  it('answers the 61st request of a minute with 429 and Retry-After, counting in the database', async () => {
    const key = await makeKey(owner1, 'Busy');
    // Not across a minute's boundary: the window starts on the minute.
    const second = new Date().getUTCSeconds();
    if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    const first = await api('/v1/units?limit=1', key);
    expect(first.headers.get('x-ratelimit-limit')).toBe('60');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('59');
    // 58 more, several at once (as several function instances would take them).
    const burst = await Promise.all(Array.from({ length: 58 }, () => api('/v1/units?limit=1', key)));
    expect(burst.every((answer) => answer.status === 200)).toBe(true);
    const { rows } = await stack.db.query<{ requests: number }>(
      `select w.requests from private.api_key_windows w join public.api_keys k on k.id = w.key_id where k.prefix = $1`,
      [key.slice(0, 12)],
    );
    expect(rows[0]!.requests).toBe(59);
    expect((await api('/v1/units?limit=1', key)).headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await api('/v1/units?limit=1', key);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same organisation has its own count.
    expect((await api('/v1/units?limit=1', key1)).status).toBe(200);
  });
});

describe('bad input is a 4xx with a stable code, never a 5xx', () => {
  const cases: Array<
    [string, string, { method?: string; body?: unknown; headers?: Record<string, string> }, number, string]
  > = [
    ['limit 0', '/v1/units?limit=0', {}, 400, 'invalid_parameter'],
    ['limit 101', '/v1/units?limit=101', {}, 400, 'invalid_parameter'],
    ['unknown parameter', '/v1/units?colour=red', {}, 400, 'invalid_parameter'],
    ['garbage cursor', '/v1/units?cursor=not-a-cursor', {}, 400, 'invalid_cursor'],
    [
      'a bookings cursor on units',
      `/v1/units?cursor=${btoa(JSON.stringify({ r: 'bookings', k: '2026-01-01', id: ORG1 }))}`,
      {},
      400,
      'invalid_cursor',
    ],
    ['unknown status', '/v1/bookings?status=maybe', {}, 400, 'invalid_parameter'],
    ['not a date', '/v1/bookings?from=2026-02-30', {}, 400, 'invalid_parameter'],
    ['to before from', `/v1/units/${ORG2_UNIT}/availability?from=${day(5)}&to=${day(4)}`, {}, 400, 'invalid_parameter'],
    ['availability without dates', `/v1/units/${ORG2_UNIT}/availability`, {}, 400, 'invalid_parameter'],
    ['a year and more', `/v1/units/${ORG2_UNIT}/availability?from=${day(1)}&to=${day(400)}`, {}, 400, 'range_too_long'],
    ['not a uuid', '/v1/units/42', {}, 404, 'unit_not_found'],
    ['no such endpoint', '/v1/invoices', {}, 404, 'not_found'],
    ['wrong method', '/v1/units', { method: 'DELETE' }, 405, 'method_not_allowed'],
    ['not JSON', '/v1/clients', { body: '{"name":' }, 400, 'invalid_json'],
    [
      'not sent as JSON',
      '/v1/clients',
      { body: '{}', headers: { 'Content-Type': 'text/plain' } },
      415,
      'unsupported_media_type',
    ],
    ['missing fields', '/v1/bookings', { body: {} }, 422, 'validation_failed'],
    [
      'unknown field',
      '/v1/clients',
      { body: { name: 'A', phone: '+966551234569', passport_number: 'X1', vip: true } },
      422,
      'validation_failed',
    ],
    [
      'check-out first',
      '/v1/bookings',
      { body: { unit_id: unitId(1), client_id: ORG1, check_in: day(9), check_out: day(8) } },
      422,
      'validation_failed',
    ],
    ['a body that is a list', '/v1/bookings', { body: [1, 2] }, 422, 'validation_failed'],
  ];
  for (const [name, path, init, status, code] of cases) {
    it(`${name}: ${status} ${code}`, async () => {
      const answer = await api(path, key2, init);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.error?.code).toBe(code);
      expect(typeof answer.body.error?.message).toBe('string');
    });
  }
});

describe('OpenAPI document', () => {
  it('is served without a key at /functions/v1/api/openapi.json', async () => {
    const answer = await api('/openapi.json', null);
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(Object.keys(answer.body.paths as object)).toContain('/v1/bookings');
  });
});
