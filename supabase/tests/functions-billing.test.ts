/**
 * The billing edge function against the stack's Moyasar sandbox (issue 14): an owner pays on the
 * hosted page and the plan switches once, although the webhook and the browser's return both
 * arrive; a declined card leaves the plan alone; a forged webhook or a payment of another amount is
 * refused; a member without settings.manage gets 403 and another organisation's checkout is 404.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MOYASAR_SECRET_KEY, LOCAL_MOYASAR_WEBHOOK_SECRET } from '../local/moyasar/sandbox';
import { DEMO, ORG1, newStaff, newUser, service, type Db } from './fixtures/db-accounts';
import { createTestStack, type TestStack } from './helpers/test-stack';

let stack: TestStack;
let svc: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
}, 120_000);
afterAll(() => stack?.stop());

async function basicOwner(): Promise<{ orgId: string; token: string }> {
  const user = await newUser(stack, 'Billing Owner');
  const { data, error } = await user.client.rpc('create_organization', {
    name: 'Billing Function Co',
    slug: `bill-${randomUUID().slice(0, 8)}`,
  });
  if (error) throw new Error(error.message);
  return { orgId: (data as { id: string }).id, token: await stack.userToken({ sub: user.id }) };
}

async function billing(path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/billing${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      apikey: stack.anonKey,
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, response };
}

/** Pays on the sandbox's hosted page like a payer; the redirect back (to the callback URL). */
async function payOnHostedPage(url: string, fields: Record<string, string>): Promise<URL> {
  const page = await fetch(url);
  expect(await page.text()).toContain('STC Pay');
  const paid = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return new URL(paid.headers.get('location')!);
}

const card = (number: string) => ({
  method: 'creditcard',
  name: 'Sara Alqahtani',
  number,
  expiry: '12/39',
  cvc: '123',
});

async function planOf(orgId: string) {
  const { data } = await svc.from('organizations').select('subscription_plan, billing_cycle').eq('id', orgId).single();
  return data;
}

describe('paying for a plan change', () => {
  it('a success card: paid once even though the webhook and the callback both arrive', async () => {
    const { orgId, token } = await basicOwner();
    const opened = await billing('/checkout', { token, body: { plan: 'advanced', cycle: 'monthly' } });
    expect(opened.status).toBe(201);
    expect(opened.body.amount_halalas).toBe(11900);
    const checkoutId = opened.body.checkout_id as string;
    const back = await payOnHostedPage(opened.body.url as string, card('4111111111111111'));
    expect(back.pathname).toBe('/functions/v1/billing/callback');
    expect(back.searchParams.get('status')).toBe('paid');
    expect(back.searchParams.get('message')).toBe('APPROVED');
    // The webhook has already completed it (the sandbox posts it before redirecting).
    expect(stack.stack.moyasar.events.find((e) => e.kind === 'webhook')?.summary).toMatch(/→ 200$/);
    const callback = await fetch(back, { redirect: 'manual' });
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toMatch(
      new RegExp(`/dashboard/settings\\?tab=billing&checkout=${checkoutId}$`),
    );
    // Again, as a browser reload would.
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
    expect(await planOf(orgId)).toEqual({ subscription_plan: 'advanced', billing_cycle: 'monthly' });
    const { data: invoices } = await svc.from('subscription_invoices').select('*').eq('organization_id', orgId);
    expect(invoices).toHaveLength(1);
    expect(invoices![0]).toMatchObject({ total_halalas: 11900, vat_halalas: 1552, net_halalas: 10348 });
    const read = await billing(`/checkout/${checkoutId}`, { token });
    expect(read.body).toMatchObject({ status: 'paid', amount_halalas: 11900 });
  });

  it('a declined card leaves the plan unchanged and says why', async () => {
    const { orgId, token } = await basicOwner();
    const opened = await billing('/checkout', { token, body: { plan: 'advanced', cycle: 'yearly' } });
    const back = await payOnHostedPage(opened.body.url as string, card('4123120001090109'));
    expect(back.searchParams.get('status')).toBe('failed');
    await fetch(back, { redirect: 'manual' });
    expect(await planOf(orgId)).toEqual({ subscription_plan: 'basic', billing_cycle: 'monthly' });
    const read = await billing(`/checkout/${opened.body.checkout_id as string}`, { token });
    expect(read.body).toMatchObject({ status: 'failed', failure_reason: 'DECLINED' });
  });

  it('refuses a forged webhook, and a payment of another amount for the checkout', async () => {
    const { orgId, token } = await basicOwner();
    const opened = await billing('/checkout', { token, body: { plan: 'advanced', cycle: 'monthly' } });
    const checkoutId = opened.body.checkout_id as string;
    const forged = await billing('/webhook', {
      body: { type: 'payment_paid', secret_token: 'guess', data: { id: randomUUID(), status: 'paid', amount: 11900 } },
    });
    expect([forged.status, forged.body.code]).toEqual([401, 'invalid_secret_token']);
    // A browser "back" that claims success settles nothing: nobody has paid this invoice.
    const claimed = await fetch(
      `${stack.apiUrl}/functions/v1/billing/callback?checkout=${checkoutId}&id=${randomUUID()}&status=paid&message=APPROVED`,
      { redirect: 'manual' },
    );
    expect(claimed.status).toBe(303);
    expect((await billing(`/checkout/${checkoutId}`, { token })).body).toMatchObject({ status: 'pending' });
    // Someone pays 1 SAR on an invoice of their own making that names this checkout.
    const cheap = await fetch(`${stack.apiUrl}/_sandbox/moyasar/v1/invoices`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${LOCAL_MOYASAR_SECRET_KEY}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        amount: 100,
        currency: 'SAR',
        description: 'cheap',
        metadata: { checkout_id: checkoutId },
      }),
    });
    const cheapInvoice = (await cheap.json()) as { id: string; url: string };
    const result = await fetch(cheapInvoice.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(card('4111111111111111')).toString(),
    });
    expect(result.status).toBe(200);
    const payment = [...stack.stack.moyasar.payments.values()].find((p) => p.invoice_id === cheapInvoice.id)!;
    const replay = await billing('/webhook', {
      body: { type: 'payment_paid', secret_token: LOCAL_MOYASAR_WEBHOOK_SECRET, data: { id: payment.id } },
    });
    expect([replay.status, replay.body.code]).toEqual([409, 'checkout_mismatch']);
    expect(await planOf(orgId)).toEqual({ subscription_plan: 'basic', billing_cycle: 'monthly' });
  });
});

describe('a payment that cannot be applied is refunded, never kept', () => {
  const refundsOf = (paymentId: string) =>
    stack.stack.moyasar.events.filter((e) => e.kind === 'refund' && e.summary.startsWith(paymentId));
  const paymentOf = (invoiceUrl: string) =>
    [...stack.stack.moyasar.payments.values()].find((p) => invoiceUrl.endsWith(`/invoices/${p.invoice_id}`))!;

  it('stale (the plan changed while paying): refunded in full once, although callback and webhook both arrive', async () => {
    const { orgId, token } = await basicOwner();
    const opened = await billing('/checkout', { token, body: { plan: 'advanced', cycle: 'monthly' } });
    const checkoutId = opened.body.checkout_id as string;
    // Meanwhile the organisation moved to Advanced yearly (e.g. the super administrator).
    await svc.from('organizations').update({ subscription_plan: 'advanced', billing_cycle: 'yearly' }).eq('id', orgId);
    const back = await payOnHostedPage(opened.body.url as string, card('4111111111111111'));
    const payment = paymentOf(opened.body.url as string);
    // The webhook came first and refunded; now the callback and a webhook redelivery at once.
    const [callback, redelivered] = await Promise.all([
      fetch(back, { redirect: 'manual' }),
      billing('/webhook', {
        body: { type: 'payment_paid', secret_token: LOCAL_MOYASAR_WEBHOOK_SECRET, data: { id: payment.id } },
      }),
    ]);
    expect(callback.status).toBe(303);
    expect(redelivered.body).toMatchObject({ status: 'refunded' });
    expect(refundsOf(payment.id)).toHaveLength(1);
    expect(stack.stack.moyasar.payments.get(payment.id)).toMatchObject({ status: 'refunded', refunded: 11900 });
    const read = await billing(`/checkout/${checkoutId}`, { token });
    expect(read.body).toMatchObject({
      status: 'refunded',
      refund_reason: 'checkout_stale',
      refunded_halalas: 11900,
      provider_payment_id: payment.id,
    });
    expect(await planOf(orgId)).toEqual({ subscription_plan: 'advanced', billing_cycle: 'yearly' });
    const { data: invoices } = await svc.from('subscription_invoices').select('id').eq('organization_id', orgId);
    expect(invoices).toEqual([]);
  });

  it('mismatch (the gateway charged another amount on the checkout’s invoice): refunded', async () => {
    const { orgId, token } = await basicOwner();
    const opened = await billing('/checkout', { token, body: { plan: 'advanced', cycle: 'monthly' } });
    const invoiceId = (opened.body.url as string).split('/').pop()!;
    stack.stack.moyasar.invoices.get(invoiceId)!.amount = 5000;
    const back = await payOnHostedPage(opened.body.url as string, card('4111111111111111'));
    await fetch(back, { redirect: 'manual' });
    const payment = paymentOf(opened.body.url as string);
    expect(refundsOf(payment.id)).toHaveLength(1);
    expect(stack.stack.moyasar.payments.get(payment.id)).toMatchObject({ status: 'refunded', refunded: 5000 });
    const read = await billing(`/checkout/${opened.body.checkout_id as string}`, { token });
    expect(read.body).toMatchObject({ status: 'refunded', refund_reason: 'checkout_mismatch', refunded_halalas: 5000 });
    expect(await planOf(orgId)).toEqual({ subscription_plan: 'basic', billing_cycle: 'monthly' });
  });

  it('a refund the gateway fails stays refund_pending and is retried by the next read, once', async () => {
    const { orgId, token } = await basicOwner();
    const opened = await billing('/checkout', { token, body: { plan: 'advanced', cycle: 'monthly' } });
    const checkoutId = opened.body.checkout_id as string;
    await svc.from('organizations').update({ subscription_plan: 'advanced' }).eq('id', orgId);
    stack.stack.moyasar.failNextRefunds(2); // the webhook's and the callback's attempts
    const back = await payOnHostedPage(opened.body.url as string, card('4111111111111111'));
    // The webhook was not acknowledged (503) so that Moyasar delivers it again.
    expect(stack.stack.moyasar.events.find((e) => e.kind === 'webhook')?.summary).toMatch(/→ 503$/);
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
    const { data: pending } = await svc.from('subscription_checkouts').select('*').eq('id', checkoutId).single();
    expect(pending).toMatchObject({ status: 'refund_pending', refund_reason: 'checkout_stale', refund_attempts: 2 });
    expect(pending?.refund_error).toMatch(/Service Unavailable/);
    const payment = paymentOf(opened.body.url as string);
    expect(stack.stack.moyasar.payments.get(payment.id)?.status).toBe('paid');
    // The payer's tab polls the checkout: that read retries the refund.
    const read = await billing(`/checkout/${checkoutId}`, { token });
    expect(read.body).toMatchObject({ status: 'refunded', refunded_halalas: 11900, refund_attempts: 3 });
    expect(refundsOf(payment.id)).toHaveLength(1);
    expect((await billing(`/checkout/${checkoutId}`, { token })).body).toMatchObject({ refund_attempts: 3 });
  });
});

describe('who may', () => {
  it('401 without a token; 403 for staff without settings.manage; 400 for a bad plan', async () => {
    expect((await billing('/checkout', { body: { plan: 'advanced', cycle: 'monthly' } })).status).toBe(401);
    const member = await newStaff(stack, { org: ORG1, permissions: ['units.read'] });
    const token = await stack.userToken({ sub: member.id });
    const refused = await billing('/checkout', { token, body: { plan: 'advanced', cycle: 'monthly' } });
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
    const owner1 = await stack.userToken({ sub: DEMO.owner1.id });
    const bad = await billing('/checkout', { token: owner1, body: { plan: 'gold', cycle: 'monthly' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_input']);
  });

  it('Enterprise is by contact; the current plan is refused (409)', async () => {
    const { token } = await basicOwner();
    const enterprise = await billing('/checkout', { token, body: { plan: 'enterprise', cycle: 'monthly' } });
    expect([enterprise.status, enterprise.body.code]).toEqual([409, 'enterprise_contact']);
    const same = await billing('/checkout', { token, body: { plan: 'basic', cycle: 'monthly' } });
    expect([same.status, same.body.code]).toEqual([409, 'plan_unchanged']);
  });

  it('until the super administrator has set the platform’s billing details, no checkout opens (409)', async () => {
    const { orgId, token } = await basicOwner();
    const { data: kept } = await svc.from('platform_seller').select('*').single();
    await svc.from('platform_seller').delete().eq('id', true).throwOnError();
    try {
      const refused = await billing('/checkout', { token, body: { plan: 'advanced', cycle: 'monthly' } });
      expect([refused.status, refused.body.code]).toEqual([409, 'platform_seller_missing']);
      const { count } = await svc
        .from('subscription_checkouts')
        .select('id', { count: 'exact', head: true })
        .eq('organization_id', orgId);
      expect(count).toBe(0);
    } finally {
      await svc.from('platform_seller').insert(kept!).throwOnError();
    }
  });

  it('another organisation’s checkout is not found', async () => {
    const { token } = await basicOwner();
    const opened = await billing('/checkout', { token, body: { plan: 'advanced', cycle: 'monthly' } });
    const owner2 = await stack.userToken({ sub: DEMO.owner2.id });
    const foreign = await billing(`/checkout/${opened.body.checkout_id as string}`, { token: owner2 });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'checkout_not_found']);
  });
});
