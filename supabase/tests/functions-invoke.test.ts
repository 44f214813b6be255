/**
 * Edge functions through supabase-js `functions.invoke`: verify_jwt, the environment functions
 * get, JSON round trips, errors and streaming. `health` is the app's real function; `echo` is a
 * test fixture served from supabase/tests/fixtures/functions (locally via
 * NUZL_FUNCTIONS_EXTRA_DIR; against a hosted project, deploy it there first).
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

process.env.NUZL_FUNCTIONS_EXTRA_DIR = fileURLToPath(new URL('./fixtures/functions', import.meta.url));

let stack: TestStack;

beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

async function statusOf(error: unknown): Promise<number | undefined> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  return ((error as FunctionsHttpError).context as Response).status;
}

describe('health (verify_jwt = false)', () => {
  it('answers without a JWT, and reports its cold start', async () => {
    const client = stack.client('publishable');
    const started = performance.now();
    const first = await client.functions.invoke('health', { method: 'GET' });
    const coldMs = performance.now() - started;
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ status: 'ok', region: 'local' });
    expect(Date.parse(first.data.time)).toBeGreaterThan(Date.now() - 60_000);

    const warmStarted = performance.now();
    const second = await client.functions.invoke('health');
    const warmMs = performance.now() - warmStarted;
    expect(second.data).toMatchObject({ status: 'ok' });
    console.info(`[measure] health: first call ${coldMs.toFixed(0)} ms (cold start), then ${warmMs.toFixed(0)} ms`);
  });
});

describe('echo (verify_jwt = true)', () => {
  it('refuses a caller without a JWT with 401', async () => {
    // A new-format key is no JWT: supabase-js ≥ 2.11x omits it from Authorization (→ "Missing
    // authorization header"), older versions send `Bearer sb_publishable_…` (→ "Invalid JWT").
    const { data, error } = await stack.client('publishable').functions.invoke('echo', { body: { x: 1 } });
    expect(data).toBeNull();
    expect(await statusOf(error)).toBe(401);
    expect(await ((error as FunctionsHttpError).context as Response).json()).toEqual({
      msg: expect.stringMatching(/^(Invalid JWT|Error: Missing authorization header)$/),
    });
    const bare = await fetch(`${stack.apiUrl}/functions/v1/echo`, {
      method: 'POST',
      headers: { apikey: stack.publishableKey },
    });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('refuses a forged JWT with 401 Invalid JWT', async () => {
    const token = (await stack.userToken()).replace(/\.[^.]+$/, '.AAAA');
    const { error } = await stack.client({ accessToken: token }).functions.invoke('echo', { body: {} });
    expect(await statusOf(error)).toBe(401);
    expect(await ((error as FunctionsHttpError).context as Response).json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('accepts the anon key JWT and round-trips a JSON body with the environment set', async () => {
    const payload = { text: 'مرحبا', n: 42, nested: { list: [1, 2, 3] } };
    const { data, error } = await stack.client('anon').functions.invoke('echo', {
      body: payload,
      headers: { 'x-custom': 'yes' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      authorization: `Bearer ${stack.anonKey}`,
      contentType: 'application/json',
      custom: 'yes',
      body: payload,
    });
    expect(data.env.SUPABASE_URL).toMatch(/^https?:\/\//);
    expect(data.env.SUPABASE_ANON_KEY).toBeTruthy();
    expect(data.env.SUPABASE_SERVICE_ROLE_KEY).toBeTruthy();
    expect(JSON.parse(data.env.SUPABASE_PUBLISHABLE_KEYS)).toHaveProperty('default');
    expect(JSON.parse(data.env.SUPABASE_SECRET_KEYS)).toHaveProperty('default');
    // The embedded PGlite has no connection URL; on a real Postgres functions get one.
    if (process.env.SUPABASE_DB_URL) expect(data.env.SUPABASE_DB_URL).toMatch(/^postgres(ql)?:\/\//);
  });

  it('passes a signed-in user their own Authorization header', async () => {
    const token = await stack.userToken({ sub: randomUUID() });
    const { data, error } = await stack.client({ accessToken: token }).functions.invoke('echo', {
      method: 'PUT',
      body: 'plain text',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ method: 'PUT', authorization: `Bearer ${token}`, body: 'plain text' });
  });

  it('keeps path and query after the function name', async () => {
    const { data } = await stack.client('anon').functions.invoke('echo/sub/path?a=1&b=two', { method: 'GET' });
    expect(data).toMatchObject({ method: 'GET', path: '/echo/sub/path', query: { a: '1', b: 'two' } });
  });

  it('answers 500 when the function throws, and keeps serving', async () => {
    const { error } = await stack.client('anon').functions.invoke('echo/throw', { method: 'GET' });
    expect(await statusOf(error)).toBe(500);
    const { error: after } = await stack.client('anon').functions.invoke('echo', { body: {} });
    expect(after).toBeNull();
  });

  it('streams a text/event-stream response', async () => {
    const { data, error } = await stack.client('anon').functions.invoke('echo/stream', { method: 'GET' });
    expect(error).toBeNull();
    const response = data as Response;
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
  });

  it('runs npm: supabase-js inside the function, calling back into the stack', async () => {
    const { data, error } = await stack.client('anon').functions.invoke('echo/buckets', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toEqual({ buckets: expect.any(Array), error: null });
  });
});

describe('unknown functions', () => {
  it('answer 404', async () => {
    const { error } = await stack.client('anon').functions.invoke('does-not-exist', { body: {} });
    expect(await statusOf(error)).toBe(404);
  });
});
