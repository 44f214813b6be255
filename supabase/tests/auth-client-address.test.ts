/**
 * The client address is the gateway's word, never the client's (issue 10, item 6; the contract
 * in docs/local-stack.md): client-sent X-Forwarded-For / X-Real-IP / CF-Connecting-IP are
 * dropped and set to the TCP peer before auth, rest, storage and functions see the request. So
 * a client rotating those headers stays one address for GoTrue's per-address limiters, and SQL
 * reading `request.headers` gets the real peer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(() => stack?.stop());

const spoofed = (i: number) => {
  const ip = `10.${(i >> 8) & 255}.${i & 255}.7`;
  return { 'x-forwarded-for': ip, 'x-real-ip': ip, 'cf-connecting-ip': ip, forwarded: `for=${ip}` };
};

describe('client address', () => {
  it('keeps a client that rotates forwarding headers in one /verify rate-limit bucket', async () => {
    const statuses: number[] = [];
    let limited: { code?: string; message?: string } | null = null;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await fetch(`${stack.apiUrl}/auth/v1/verify`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
          ...spoofed(i),
        },
        // A different unknown number each time, so only the per-address limit can stop it.
        body: JSON.stringify({ type: 'sms', phone: `+9665${String(1_000_000 + i)}`, token: '000000' }),
      });
      statuses.push(res.status);
      if (res.status === 429) limited = (await res.json()) as { code?: string; message?: string };
      else await res.body?.cancel();
    }
    // GoTrue's token_verifications: 30 per 5 minutes, burst 30, for the one real address.
    expect(statuses.filter((s) => s === 403)).toHaveLength(30);
    expect(limited).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
  });

  it('hands PostgREST the peer address in all three headers, whatever the client sent', async () => {
    await stack.db.exec(`
      create function public.test_seen_client_address() returns jsonb language sql stable as $$
        select jsonb_build_object(
          'cf', current_setting('request.headers', true)::jsonb ->> 'cf-connecting-ip',
          'real', current_setting('request.headers', true)::jsonb ->> 'x-real-ip',
          'xff', current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for',
          'forwarded', current_setting('request.headers', true)::jsonb ->> 'forwarded')
      $$;
      grant execute on function public.test_seen_client_address() to anon;
    `);
    await stack.reloadSchema();
    const res = await fetch(`${stack.apiUrl}/rest/v1/rpc/test_seen_client_address`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...spoofed(3) },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ cf: '127.0.0.1', real: '127.0.0.1', xff: '127.0.0.1', forwarded: null });
  });
});
