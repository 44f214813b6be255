import { assert, assertEquals } from '../_shared/zatca/testing.ts';
import { fromDatabase } from './errors.ts';
import { createApiHandler, innerPath, sha256Hex, type ApiDeps } from './handler.ts';

const KEY = `nzl_${'ab'.repeat(32)}`;
const ENV: Record<string, string> = {
  SUPABASE_URL: 'http://project.example/',
  SUPABASE_SERVICE_ROLE_KEY: 'header.payload.signature',
};

interface Call {
  rpc: string;
  args: Record<string, unknown>;
  headers: Headers;
}

/**
 * PostgREST as the service role: api_gate lets a well-formed key in (and counts a missing or
 * malformed one against the address: `invalid`), the rest answer `answers[rpc]`.
 */
function fake(answers: Record<string, [number, unknown]> = {}, allowed = true) {
  const calls: Call[] = [];
  const deps: ApiDeps = {
    env: (name) => ENV[name],
    fetch: async (input, init) => {
      const request = new Request(input as string, init);
      const rpc = new URL(request.url).pathname.replace('/rest/v1/rpc/', '');
      calls.push({ rpc, args: await request.json(), headers: request.headers });
      const args = calls.at(-1)!.args;
      const gate =
        args.key_hash === null
          ? { outcome: 'invalid' }
          : { outcome: 'ok', key_id: 'k', allowed, limit: 60, remaining: allowed ? 41 : 0, reset_seconds: 17 };
      const [status, body] = rpc === 'api_gate' ? [200, gate] : (answers[rpc] ?? [200, null]);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    },
  };
  return { handle: createApiHandler(deps), calls };
}

const get = (path: string, key: string | null = KEY, init: RequestInit = {}) =>
  new Request(`http://functions.example/api${path}`, {
    ...init,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(init.headers as Record<string, string>) },
  });

Deno.test('the path inside the function, whether or not the gateway kept /functions/v1', () => {
  assertEquals(innerPath('/api/v1/units'), '/v1/units');
  assertEquals(innerPath('/functions/v1/api/v1/units'), '/v1/units');
  assertEquals(innerPath('/api'), '/');
  assertEquals(innerPath('/apis/v1'), null);
});

Deno.test('only the key’s SHA-256 reaches the database, as the service role, on every call', async () => {
  const { handle, calls } = fake({ api_units: [200, { data: [], next: null }] });
  const response = await handle(get('/v1/units'));
  assertEquals(response.status, 200);
  const hash = await sha256Hex(KEY);
  assertEquals(
    calls.map((c) => [c.rpc, c.args.key_hash]),
    [
      ['api_gate', hash],
      ['api_units', hash],
    ],
  );
  for (const call of calls) {
    assertEquals(call.headers.get('apikey'), 'header.payload.signature');
    assert(!JSON.stringify(call.args).includes(KEY), 'the key itself is never sent');
  }
  assertEquals(response.headers.get('x-ratelimit-remaining'), '41');
  assertEquals(response.headers.get('cache-control'), 'no-store');
});

Deno.test('a list with more pages links to the next one with the same filters', async () => {
  const next = { k: '2026-12-01', id: '50000000-0000-4000-8000-000000000001' };
  const { handle, calls } = fake({ api_bookings: [200, { data: [{ id: 'b' }], next }] });
  const response = await handle(get('/v1/bookings?status=confirmed&limit=1'));
  const body = await response.json();
  assertEquals(calls[1]!.args, {
    key_hash: await sha256Hex(KEY),
    page_size: 1,
    after: null,
    statuses: ['confirmed'],
    unit_id: null,
    client_id: null,
    from_date: null,
    to_date: null,
  });
  const link = new URL(body.next);
  assertEquals(link.origin + link.pathname, 'http://project.example/functions/v1/api/v1/bookings');
  assertEquals(link.searchParams.get('status'), 'confirmed');
  assertEquals(link.searchParams.get('cursor'), body.next_cursor);

  const following = fake({ api_bookings: [200, { data: [], next: null }] });
  await following.handle(get(`/v1/bookings?status=confirmed&limit=1&cursor=${body.next_cursor}`));
  assertEquals(following.calls[1]!.args.after, next);
});

Deno.test('no key, a malformed key: 401 without asking the database', async () => {
  const { handle, calls } = fake();
  const missing = await handle(get('/v1/units', null));
  assertEquals(missing.status, 401);
  assertEquals((await missing.json()).error.code, 'missing_api_key');
  const malformed = await handle(get('/v1/units', 'nzl_123'));
  assertEquals((await malformed.json()).error.code, 'invalid_api_key');
  assertEquals(malformed.headers.get('www-authenticate'), 'Bearer realm="nuzl-api"');
  // Nothing is looked up, but both count against the client's address (no key hash).
  assertEquals(
    calls.map((c) => [c.rpc, c.args.key_hash]),
    [
      ['api_gate', null],
      ['api_gate', null],
    ],
  );
});

Deno.test('over the limit: 429 with Retry-After, and the resource is not read', async () => {
  const { handle, calls } = fake({}, false);
  const response = await handle(get('/v1/units'));
  assertEquals(response.status, 429);
  assertEquals(response.headers.get('retry-after'), '17');
  assertEquals((await response.json()).error.code, 'rate_limited');
  assertEquals(
    calls.map((c) => c.rpc),
    ['api_gate'],
  );
});

Deno.test('a create answers 201 with its Location; the body goes to the database as validated', async () => {
  const { handle, calls } = fake({ api_create_client: [200, { id: 'c1', name: 'Sara' }] });
  const response = await handle(
    get('/v1/clients', KEY, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Sara', phone: '+966501234567', national_id: ' 1 ' }),
    }),
  );
  assertEquals(response.status, 201);
  assertEquals(response.headers.get('location'), 'http://project.example/functions/v1/api/v1/clients/c1');
  assertEquals(calls[1]!.args.client, {
    name: 'Sara',
    phone: '+966501234567',
    email: null,
    nationality: null,
    national_id: '1',
    passport_number: null,
  });
});

Deno.test('database refusals keep their rule; faults are 500 without the database’s words', () => {
  const overlap = fromDatabase(409, { code: '23P01', hint: 'booking_overlap', message: 'x' });
  assertEquals(
    [overlap.status, overlap.code, overlap.message],
    [409, 'booking_overlap', 'This unit is already booked for the selected dates'],
  );
  const notFound = fromDatabase(404, { code: 'PT404', hint: 'unit_not_found', message: 'This unit was not found' });
  assertEquals([notFound.status, notFound.code], [404, 'unit_not_found']);
  const rule = fromDatabase(400, { code: '23514', hint: 'guests_count_invalid', message: 'Guests count must be…' });
  assertEquals([rule.status, rule.code], [422, 'guests_count_invalid']);
  const check = fromDatabase(400, {
    code: '23514',
    message: 'new row for relation "clients" violates check constraint "clients_email_check"',
  });
  assertEquals([check.status, check.code, check.message], [422, 'validation_failed', 'email is not valid']);
  assertEquals(fromDatabase(401, { code: 'PT401', hint: 'api_key_invalid' }).code, 'invalid_api_key');
  const fault = fromDatabase(500, { code: 'XX000', message: 'relation "secret_table" does not exist' });
  assertEquals([fault.status, fault.code], [500, 'internal_error']);
  assert(!fault.message.includes('secret_table'));
});

Deno.test('a database that cannot be reached is a 503 to retry, not a crash', async () => {
  const handle = createApiHandler({
    env: (name) => ENV[name],
    fetch: () => Promise.reject(new TypeError('connection refused')),
  });
  const original = console.error;
  console.error = () => undefined;
  try {
    const response = await handle(get('/v1/units'));
    assertEquals(response.status, 503);
    assertEquals(response.headers.get('retry-after'), '5');
    assertEquals((await response.json()).error.code, 'unavailable');
  } finally {
    console.error = original;
  }
});

Deno.test('the OpenAPI document needs no key; unknown paths 404, wrong methods 405', async () => {
  const { handle, calls } = fake();
  const doc = await handle(get('/openapi.json', null));
  assertEquals(doc.status, 200);
  assertEquals((await doc.json()).openapi, '3.1.0');
  const missing = await handle(get('/v1/nothing'));
  assertEquals(missing.status, 404);
  await missing.body?.cancel();
  const wrong = await handle(get('/v1/units/50000000-0000-4000-8000-000000000001', KEY, { method: 'DELETE' }));
  assertEquals(wrong.status, 405);
  assertEquals(wrong.headers.get('allow'), 'GET');
  await wrong.body?.cancel();
  assertEquals(calls.length, 0);
});
