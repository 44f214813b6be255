/**
 * The gateway and the Data API's auth: API keys mapped to roles as Kong does, user JWTs that
 * win over the key, RLS deciding rows, 401s for missing/unknown keys, CORS preflight.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRestFixture } from './helpers/rest-fixture';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
const alice = randomUUID();
const bob = randomUUID();
let aliceToken: string;
let bobToken: string;

beforeAll(async () => {
  stack = await createTestStack();
  await installRestFixture(stack);
  aliceToken = await stack.userToken({ sub: alice, email: 'alice@example.com' });
  bobToken = await stack.userToken({ sub: bob, email: 'bob@example.com' });
});
afterAll(() => stack?.stop());

describe('API keys and roles', () => {
  it('legacy anon / service_role keys and sb_publishable / sb_secret keys map to their roles', async () => {
    for (const [as, role] of [
      ['anon', 'anon'],
      ['publishable', 'anon'],
      ['service_role', 'service_role'],
      ['secret', 'service_role'],
    ] as const) {
      const { data, error } = await stack.client(as).rpc('rt_whoami');
      expect(error).toBeNull();
      expect(data).toMatchObject({ role, sub: null, claims_role: role });
    }
  });

  it("a user's access token wins over the key: role authenticated, auth.uid() = sub", async () => {
    const { data, error } = await stack.client({ accessToken: aliceToken }).rpc('rt_whoami');
    expect(error).toBeNull();
    expect(data).toEqual({ role: 'authenticated', sub: alice, claims_role: 'authenticated' });
  });

  it('takes the key from `Authorization: Bearer sb_…` or the apikey query parameter, as Kong does', async () => {
    const viaBearer = await fetch(`${stack.apiUrl}/rest/v1/rpc/rt_whoami`, {
      headers: { Authorization: `Bearer ${stack.secretKey}` },
    });
    expect(viaBearer.status).toBe(200);
    expect(await viaBearer.json()).toMatchObject({ role: 'service_role' });
    const viaQuery = await fetch(`${stack.apiUrl}/rest/v1/rpc/rt_whoami?apikey=${stack.publishableKey}`);
    expect(viaQuery.status).toBe(200);
    expect(await viaQuery.json()).toMatchObject({ role: 'anon' });
  });

  it('a request without a key is refused with 401 before reaching the Data API', async () => {
    const res = await fetch(`${stack.apiUrl}/rest/v1/rt_clients?select=*`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  });

  it('an unknown key is 401 through supabase-js', async () => {
    const { createClient } = await import('@supabase/supabase-js');
    const WebSocket = (await import('ws')).default;
    const bad = createClient(stack.apiUrl, 'sb_publishable_not-a-real-key', {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { error, status } = await bad.from('rt_clients').select('*');
    expect(status).toBe(401);
    expect(error?.message).toBe('Invalid API key');
  });

  it('a forged or expired user token is 401 from PostgREST', async () => {
    const expired = await stack.userToken({ sub: alice, expiresIn: -120 });
    const a = await stack.client({ accessToken: expired }).from('rt_clients').select('id');
    expect(a.status).toBe(401);
    expect(a.error?.message).toMatch(/JWT expired/);
    const forged = `${aliceToken.slice(0, -4)}AAAA`;
    const b = await stack.client({ accessToken: forged }).from('rt_clients').select('id');
    expect(b.status).toBe(401);
  });
});

describe('row level security', () => {
  it('anon without a grant is denied with 42501 (401)', async () => {
    const { error, status } = await stack.client().from('rt_notes').select('*');
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('each user sees and changes only their own rows', async () => {
    const asAlice = stack.client({ accessToken: aliceToken });
    const asBob = stack.client({ accessToken: bobToken });
    const created = await asAlice.from('rt_notes').insert({ body: 'alice private' }).select('id, owner, body').single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ owner: alice, body: 'alice private' });
    const noteId = (created.data as { id: number }).id;

    const bobView = await asBob.from('rt_notes').select('*');
    expect(bobView.error).toBeNull();
    expect(bobView.data).toEqual([]);

    const bobUpdate = await asBob.from('rt_notes').update({ body: 'hijacked' }).eq('id', noteId).select();
    expect(bobUpdate.data).toEqual([]);
    const bobDelete = await asBob.from('rt_notes').delete().eq('id', noteId).select();
    expect(bobDelete.data).toEqual([]);

    const aliceView = await asAlice.from('rt_notes').select('body');
    expect(aliceView.data).toEqual([{ body: 'alice private' }]);

    // service_role bypasses RLS.
    const all = await stack.client('secret').from('rt_notes').select('owner').eq('id', noteId);
    expect(all.data).toEqual([{ owner: alice }]);
  });

  it('inserting a row for another user violates the policy: 42501 (403 with a JWT)', async () => {
    const { error, status } = await stack
      .client({ accessToken: bobToken })
      .from('rt_notes')
      .insert({ owner: alice, body: 'spoofed' });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });
});

describe('gateway plumbing', () => {
  it('streams a large request body to the Data API and the response back', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ name: `Bulk client ${i} ${'x'.repeat(200)}` }));
    const { error, status } = await stack.client('service_role').from('rt_clients').insert(rows);
    expect(error).toBeNull();
    expect(status).toBe(201);
    const { count } = await stack
      .client()
      .from('rt_clients')
      .select('*', { count: 'exact', head: true })
      .like('name', 'Bulk client %');
    expect(count).toBe(3000);
  });

  it('lets keyless requests reach functions (webhooks), where verify_jwt decides', async () => {
    const res = await fetch(`${stack.apiUrl}/functions/v1/no-such-function`, { method: 'POST' });
    // The functions service answered (as the edge runtime does for an unknown name), not the gateway's 401.
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('No API key found');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('mounts the local outbox at /_local/outbox without a key', async () => {
    const res = await fetch(`${stack.apiUrl}/_local/outbox`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });
});

describe('CORS', () => {
  it('answers a preflight before any key check, allowing the headers supabase-js sends', async () => {
    const res = await fetch(`${stack.apiUrl}/rest/v1/rt_clients?select=*`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, x-client-info, content-type, prefer, content-profile',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('exposes Content-Range and X-Supabase-Api-Version on responses', async () => {
    const res = await fetch(`${stack.apiUrl}/rest/v1/rt_clients?select=id`, {
      headers: { Origin: 'http://localhost:5173', apikey: stack.publishableKey },
    });
    expect(res.status).toBe(200);
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    expect(exposed).toContain('Content-Range');
    expect(exposed).toContain('X-Supabase-Api-Version');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('unknown paths are 404 and unavailable services answer JSON, both with CORS', async () => {
    const res = await fetch(`${stack.apiUrl}/nope`, { headers: { Origin: 'http://localhost:5173' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});
