/**
 * The ZATCA sandbox wired into the local stack (docs/zatca.md, "The sandbox in the local stack"):
 * its API under /_sandbox/zatca through the gateway, the functions' ZATCA_BASE_URL pointing at it,
 * its log and CA on /_local/zatca, failures on demand, and the outbox guard on both.
 */
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from '../../tests/helpers/test-stack';
import { runZatcaCli, testCsrParams } from './deno-zatca';

process.env.NUZL_FUNCTIONS_EXTRA_DIR = fileURLToPath(new URL('../../tests/fixtures/functions', import.meta.url));

let stack: TestStack;
let base = '';

beforeAll(async () => {
  stack = await createTestStack();
  base = `${stack.apiUrl}/_sandbox/zatca/e-invoicing/developer-portal`;
});
afterAll(() => stack?.stop());

const zatca = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-version': 'V2', ...headers },
    body: JSON.stringify(body),
  });

describe('the ZATCA sandbox in the local stack', () => {
  it("gives edge functions ZATCA_BASE_URL = the stack's sandbox", async () => {
    const { data, error } = await stack.client('anon').functions.invoke('echo', { body: {} });
    expect(error).toBeNull();
    expect(data.env.ZATCA_BASE_URL).toBe(base);
  });

  it('answers the published API under /_sandbox/zatca, with no API key, and logs it on /_local/zatca', async () => {
    const egs = await runZatcaCli<{ requestBody: string }>('keys-csr', { csr: testCsrParams() });
    const issued = await zatca(`${base}/compliance`, { csr: egs.requestBody }, { otp: '123456' });
    expect(issued.status).toBe(200);
    expect(await issued.json()).toMatchObject({
      dispositionMessage: 'ISSUED',
      binarySecurityToken: expect.any(String),
    });
    // No CORS: a server-to-server API.
    expect(issued.headers.get('access-control-allow-origin')).toBeNull();

    const log = await (await fetch(`${stack.apiUrl}/_local/zatca`)).json();
    expect(log.baseUrl).toBe(base);
    expect(log.received).toEqual([
      expect.objectContaining({
        endpoint: '/compliance',
        status: 200,
        headers: expect.objectContaining({ otp: '***' }),
      }),
    ]);
    const page = await fetch(`${stack.apiUrl}/_local/zatca/page`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('/compliance');
    const ca = await (await fetch(`${stack.apiUrl}/_local/zatca/ca.pem`)).text();
    expect(ca).toContain((await stack.stack.zatca.sandbox()).caCertificate.slice(0, 64));
    const outbox = await (await fetch(`${stack.apiUrl}/_local/outbox/page`)).text();
    expect(outbox).toContain('/_local/zatca/page');
  });

  it('serves the simulation and core environments too, each with its certificate template', async () => {
    const egs = await runZatcaCli<{ requestBody: string }>('keys-csr', { csr: testCsrParams() });
    const simulation = `${stack.apiUrl}/_sandbox/zatca/e-invoicing/simulation`;
    // A developer-portal CSR (TSTZATCA-Code-Signing) is refused by the simulation environment.
    const refused = await zatca(`${simulation}/compliance`, { csr: egs.requestBody }, { otp: '123456' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errorCategory: 'Invalid-CSR' });
    const simulationEgs = await runZatcaCli<{ requestBody: string }>('keys-csr', {
      csr: { ...testCsrParams(), environment: 'simulation' },
    });
    expect(
      (await zatca(`${simulation}/compliance`, { csr: simulationEgs.requestBody }, { otp: '123456' })).status,
    ).toBe(200);
  });

  it('fails on demand: POST /_local/zatca/fail makes the next report answer 503, then it answers again', async () => {
    const set = await fetch(`${stack.apiUrl}/_local/zatca/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1, status: 503 }),
    });
    expect((await set.json()).pending).toEqual([
      { count: 1, status: 503, endpoints: ['/invoices/reporting/single', '/invoices/clearance/single'] },
    ]);
    const failed = await zatca(`${base}/invoices/reporting/single`, { invoiceHash: 'x', uuid: 'y', invoice: 'z' });
    expect(failed.status).toBe(503);
    // The next one reaches the sandbox's checks (no CSID here: 401).
    expect((await zatca(`${base}/invoices/reporting/single`, {})).status).toBe(401);
    await fetch(`${stack.apiUrl}/_local/zatca`, { method: 'DELETE' });
    expect((await (await fetch(`${stack.apiUrl}/_local/zatca`)).json()).received).toEqual([]);
  });

  it('is guarded like the outbox: no cross-origin callers, no other host names', async () => {
    for (const path of ['/_local/zatca', '/_sandbox/zatca/e-invoicing/developer-portal/compliance']) {
      const foreign = await fetch(`${stack.apiUrl}${path}`, { headers: { origin: 'https://evil.example' } });
      expect(foreign.status, path).toBe(403);
      // fetch() cannot send another Host header: a plain request can (what a DNS-rebinding page sends).
      const rebinding = await new Promise<number>((resolve, reject) => {
        const url = new URL(`${stack.apiUrl}${path}`);
        const req = request(url, { headers: { host: `evil.example:${url.port}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(rebinding, path).toBe(403);
    }
  });
});
