import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { clientAddress } from './client-address.ts';
import { ApiError } from './errors.ts';
import { createApiHandler, sha256Hex, type ApiDeps } from './handler.ts';
import {
  canonicalJson,
  idempotencyKeyOf,
  idempotent,
  requestHash,
  type Begin,
  type IdempotencyStore,
} from './idempotency.ts';

const KEY = `nzl_${'cd'.repeat(32)}`;
const ENV: Record<string, string> = { SUPABASE_URL: 'http://project.example/', SUPABASE_SERVICE_ROLE_KEY: 'h.p.s' };

function withHeaders(headers: Record<string, string>) {
  return new Request('http://functions.example/api/v1/units', { headers });
}

Deno.test('the client address follows the gateway contract: cf-connecting-ip, x-real-ip, last x-forwarded-for', () => {
  assertEquals(
    clientAddress(
      withHeaders({ 'cf-connecting-ip': '203.0.113.9', 'x-real-ip': '10.0.0.1', 'x-forwarded-for': '1.1.1.1' }),
    ),
    '203.0.113.9',
  );
  assertEquals(clientAddress(withHeaders({ 'x-real-ip': '10.0.0.1', 'x-forwarded-for': '1.1.1.1' })), '10.0.0.1');
  assertEquals(clientAddress(withHeaders({ 'x-forwarded-for': '198.51.100.1, 192.0.2.7' })), '192.0.2.7');
  assertEquals(clientAddress(withHeaders({})), 'unknown');
});

/** PostgREST answering api_gate with `gate`; every call recorded. */
function gated(gate: Record<string, unknown>) {
  const calls: { rpc: string; args: Record<string, unknown> }[] = [];
  const deps: ApiDeps = {
    env: (name) => ENV[name],
    fetch: async (input, init) => {
      const request = new Request(input as string, init);
      const rpc = new URL(request.url).pathname.replace('/rest/v1/rpc/', '');
      calls.push({ rpc, args: await request.json() });
      const body = rpc === 'api_gate' ? gate : { data: [], next: null };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  };
  return { handle: createApiHandler(deps), calls };
}

const units = (key: string | null) =>
  new Request('http://functions.example/api/v1/units', {
    headers: { 'cf-connecting-ip': '203.0.113.9', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
  });

Deno.test('an address over its limit: 429 too_many_requests with Retry-After, whatever key it sends', async () => {
  const { handle, calls } = gated({ outcome: 'address_limited', retry_after: 143, limit: 30 });
  for (const key of [KEY, null, 'nzl_short']) {
    const response = await handle(units(key));
    assertEquals(response.status, 429);
    assertEquals(response.headers.get('retry-after'), '143');
    assertEquals((await response.json()).error.code, 'too_many_requests');
  }
  // The address goes to the database with the key's hash (or none); no resource is read.
  assertEquals(
    calls.map((c) => [c.rpc, c.args.client_address, c.args.key_hash]),
    [
      ['api_gate', '203.0.113.9', await sha256Hex(KEY)],
      ['api_gate', '203.0.113.9', null],
      ['api_gate', '203.0.113.9', null],
    ],
  );
});

Deno.test('an unknown or revoked key (counted by the gate) is 401 invalid_api_key', async () => {
  const { handle, calls } = gated({ outcome: 'invalid' });
  const response = await handle(units(KEY));
  assertEquals(response.status, 401);
  assertEquals((await response.json()).error.code, 'invalid_api_key');
  assertEquals(response.headers.get('www-authenticate'), 'Bearer realm="nuzl-api"');
  assertEquals(calls.length, 1);
});

Deno.test('Idempotency-Key: printable, 1 to 255 characters; absent is null', () => {
  const key = (value?: string) =>
    idempotencyKeyOf(new Request('http://x/', { headers: value === undefined ? {} : { 'Idempotency-Key': value } }));
  assertEquals(key(), null);
  assertEquals(key(' 3f2b8c1e-booking-42 '), '3f2b8c1e-booking-42');
  for (const bad of ['', 'has space', 'x'.repeat(256), 'caf\u00e9']) {
    try {
      key(bad);
      assert(false, `${bad} accepted`);
    } catch (error) {
      assert(error instanceof ApiError && error.code === 'invalid_idempotency_key', String(error));
    }
  }
});

Deno.test('the same body in another key order or spacing is the same request', async () => {
  assertEquals(canonicalJson({ b: [1, { d: 1, c: 2 }], a: 'x' }), '{"a":"x","b":[1,{"c":2,"d":1}]}');
  assertEquals(await requestHash('{"a": 1, "b": 2}'), await requestHash('{"b":2,"a":1}'));
  assert((await requestHash('{"a":1}')) !== (await requestHash('{"a":2}')));
});

/** The database's rules (api_idempotency_begin / finish / release) in memory. */
function memoryStore() {
  const rows = new Map<string, { hash: string; status: number | null; body: unknown }>();
  const store: IdempotencyStore = {
    begin: async (key, hash): Promise<Begin> => {
      await Promise.resolve();
      const row = rows.get(key);
      if (!row) {
        rows.set(key, { hash, status: null, body: null });
        return { state: 'new' };
      }
      if (row.hash !== hash) return { state: 'mismatch' };
      if (row.status === null) return { state: 'in_progress' };
      return { state: 'replay', status: row.status, body: row.body };
    },
    finish: async (key, status, body) => {
      await Promise.resolve();
      const row = rows.get(key)!;
      if (row.status === null) Object.assign(row, { status, body });
    },
    release: async (key) => {
      await Promise.resolve();
      if (rows.get(key)?.status === null) rows.delete(key);
    },
  };
  return { store, rows };
}

const noWait = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

Deno.test('a replay gets the first answer, status and body; another body is 422 idempotency_key_reused', async () => {
  const { store } = memoryStore();
  let created = 0;
  const create = () => Promise.resolve({ status: 201, body: { id: `b${++created}` } });
  const first = await idempotent(store, 'k1', 'h1', create, noWait);
  const again = await idempotent(store, 'k1', 'h1', create, noWait);
  assertEquals([first.status, first.body, first.replayed], [201, { id: 'b1' }, false]);
  assertEquals([again.status, again.body, again.replayed], [201, { id: 'b1' }, true]);
  assertEquals(created, 1);
  try {
    await idempotent(store, 'k1', 'h2', create, noWait);
    assert(false, 'a reused key was accepted');
  } catch (error) {
    assert(error instanceof ApiError && error.status === 422 && error.code === 'idempotency_key_reused');
  }
  assertEquals(created, 1);
});

Deno.test('concurrent duplicates: one booking, every caller gets its answer', async () => {
  const { store } = memoryStore();
  let created = 0;
  const create = async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { status: 201, body: { id: `b${++created}` } };
  };
  const answers = await Promise.all([1, 2, 3].map(() => idempotent(store, 'k', 'h', create, noWait)));
  assertEquals(created, 1);
  assertEquals(
    answers.map((a) => [a.status, (a.body as { id: string }).id]),
    [
      [201, 'b1'],
      [201, 'b1'],
      [201, 'b1'],
    ],
  );
  assertEquals(answers.filter((a) => a.replayed).length, 2);
});

Deno.test('a refusal (4xx) is replayed as such; a fault (5xx) frees the key for a retry', async () => {
  const { store, rows } = memoryStore();
  const taken = () => Promise.reject(new ApiError(409, 'booking_conflict', 'These dates are already booked'));
  for (let i = 0; i < 2; i += 1) {
    try {
      await idempotent(store, 'k409', 'h', taken, noWait);
    } catch (error) {
      assert(error instanceof ApiError && error.status === 409);
    }
  }
  const replay = await idempotent(store, 'k409', 'h', () => Promise.resolve({ status: 201, body: {} }), noWait);
  assertEquals([replay.status, replay.replayed], [409, true]);
  assertEquals((replay.body as { error: { code: string } }).error.code, 'booking_conflict');

  try {
    await idempotent(store, 'k500', 'h', () => Promise.reject(new ApiError(503, 'unavailable', 'down')), noWait);
  } catch {
    // expected
  }
  assertEquals(rows.has('k500'), false);
  const retried = await idempotent(
    store,
    'k500',
    'h',
    () => Promise.resolve({ status: 201, body: { id: 'b' } }),
    noWait,
  );
  assertEquals([retried.status, retried.replayed], [201, false]);
});

Deno.test('the OpenAPI document describes Idempotency-Key and the address limit', async () => {
  const { OPENAPI } = await import('./openapi.ts');
  const create = OPENAPI.paths['/v1/bookings'].post as unknown as {
    parameters: { name: string; in: string }[];
    responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
  };
  assert(create.parameters.some((p) => p.name === 'Idempotency-Key' && p.in === 'header'));
  assert('Idempotent-Replayed' in (create.responses['201']!.headers ?? {}));
  assert(create.responses['422']!.description.includes('idempotency_key_reused'));
  assert(create.responses['429']!.description.includes('too_many_requests'));
});
