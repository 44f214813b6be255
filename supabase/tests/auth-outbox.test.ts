/**
 * The local outbox (sign-in codes, invitation links) is a tool for the developer on this
 * machine, not an API (issue 10, item 9): no CORS, nothing for a page of another origin or a
 * DNS-rebinding host name, while scripts and the outbox page itself keep working.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await createTestStack();
  // A code in the outbox: a non-test number asks to sign in.
  expect((await stack.client().auth.signInWithOtp({ phone: '+966551230001' })).error).toBeNull();
});
afterAll(() => stack?.stop());

/** A raw request (fetch cannot set Host), as a browser would send it. */
function outbox(method: string, path: string, headers: Record<string, string> = {}) {
  const url = new URL(`${stack.apiUrl}/_local/outbox${path}`);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local outbox', () => {
  it('answers scripts on this machine and its own page, without CORS', async () => {
    const plain = await outbox('GET', '?to=%2B966551230001');
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.body)).toHaveLength(1);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['cross-origin-resource-policy']).toBe('same-origin');

    const ownPage = await outbox('GET', '/page', {
      origin: stack.apiUrl,
      'sec-fetch-site': 'same-origin',
    });
    expect(ownPage.status).toBe(200);
    expect(ownPage.body).toContain('+966551230001');
  });

  it('refuses a page of another site, another port of this machine, and preflights', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://127.0.0.1:5173', 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const res = await outbox('GET', '', headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 403 });
      expect(res.body).not.toContain('966551230001');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    const preflight = await outbox('OPTIONS', '', {
      origin: 'https://evil.example',
      'access-control-request-method': 'DELETE',
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    const clear = await outbox('DELETE', '', { origin: 'https://evil.example' });
    expect(clear.status).toBe(403);
    expect(JSON.parse((await outbox('GET', '')).body)).toHaveLength(1);
  });

  it('refuses a host name other than 127.0.0.1 or localhost (DNS rebinding)', async () => {
    const port = new URL(stack.apiUrl).port;
    const rebound = await outbox('GET', '', { host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('966551230001');
    expect((await outbox('GET', '', { host: `localhost:${port}` })).status).toBe(200);
  });
});
