/**
 * The Moyasar sandbox's API keeps Moyasar's published contract: Basic auth with the secret key,
 * validation errors as {type, message, errors}, invoices with their hosted page URL and payments,
 * and the test environment's outcomes (cards, Apple Pay by amount, STC Pay by OTP).
 */
import { describe, expect, it } from 'vitest';
import { createCheckoutPage } from './checkout-page';
import { applePayOutcome, cardOutcome, luhnValid, stcPayOutcome, TEST_CARDS } from './outcomes';
import { createMoyasarSandbox, LOCAL_MOYASAR_SECRET_KEY } from './sandbox';

const BASE = 'http://127.0.0.1:1/v1';
const auth = (key = LOCAL_MOYASAR_SECRET_KEY) => ({ authorization: `Basic ${btoa(`${key}:`)}` });

function sandbox() {
  const s = createMoyasarSandbox({ checkoutUrl: () => 'http://127.0.0.1:1/_checkout/moyasar' });
  return { s, page: createCheckoutPage(s) };
}

describe('Moyasar sandbox API', () => {
  it('401 authentication_error without the secret key', async () => {
    const { s } = sandbox();
    for (const headers of [{}, auth('sk_test_wrong')]) {
      const res = await s.handle(new Request(`${BASE}/invoices/x`, { headers }));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        type: 'authentication_error',
        message: 'Invalid authorization credentials',
        errors: null,
      });
    }
  });

  it('validation errors in Moyasar’s shape', async () => {
    const { s } = sandbox();
    const res = await s.handle(
      new Request(`${BASE}/invoices`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 99.5, currency: 'SAR', callback_url: 'ftp://x' }),
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      type: 'invalid_request_error',
      message: 'Validation Failed',
      errors: { amount: ['must be an integer'], description: ["can't be blank"], callback_url: ['is invalid'] },
    });
  });

  it('an invoice (form-encoded too) with its hosted page; paying it with a test card records the payment', async () => {
    const { s, page } = sandbox();
    const created = await s.handle(
      new Request(`${BASE}/invoices`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'amount=11900&currency=SAR&description=Plan&callback_url=http%3A%2F%2Fapp%2Fback&metadata[checkout_id]=c1',
      }),
    );
    expect(created.status).toBe(201);
    const invoice = (await created.json()) as { id: string; url: string; status: string; amount_format: string };
    expect(invoice).toMatchObject({ status: 'initiated', amount_format: '119.00 SAR' });
    expect(invoice.url).toBe(`http://127.0.0.1:1/_checkout/moyasar/invoices/${invoice.id}`);
    const pay = await page.handle(
      new Request(`http://127.0.0.1:1/invoices/${invoice.id}`, {
        method: 'POST',
        body: new URLSearchParams({
          method: 'creditcard',
          name: 'A B',
          number: '4201320111111010',
          expiry: '01/40',
          cvc: '123',
        }),
      }),
    );
    expect(pay.status).toBe(303);
    const back = new URL(pay.headers.get('location')!);
    expect([back.origin + back.pathname, back.searchParams.get('status'), back.searchParams.get('message')]).toEqual([
      'http://app/back',
      'paid',
      'APPROVED',
    ]);
    const fetched = (await (
      await s.handle(new Request(`${BASE}/invoices/${invoice.id}`, { headers: auth() }))
    ).json()) as { status: string; payments: Array<{ id: string; source: { company: string; number: string } }> };
    expect(fetched.status).toBe('paid');
    expect(fetched.payments[0]!.source).toMatchObject({ company: 'mada', number: '4201-32XX-XXXX-1010' });
    const payment = await s.handle(new Request(`${BASE}/payments/${fetched.payments[0]!.id}`, { headers: auth() }));
    expect(await payment.json()).toMatchObject({ status: 'paid', amount: 11900, metadata: { checkout_id: 'c1' } });
    const missing = await s.handle(new Request(`${BASE}/payments/nope`, { headers: auth() }));
    expect([missing.status, ((await missing.json()) as { message: string }).message]).toEqual([
      404,
      'Object not found',
    ]);
  });

  it('the documented test outcomes', () => {
    expect(cardOutcome('4111111111111111').status).toBe('paid');
    expect(cardOutcome('4201321234411220')).toMatchObject({ status: 'failed', message: 'DECLINED' });
    expect(cardOutcome('4000000000000002').status).toBe('failed');
    expect(applePayOutcome(25000).status).toBe('paid');
    expect(applePayOutcome(11900).status).toBe('failed');
    expect(stcPayOutcome('123456').status).toBe('paid');
    expect(stcPayOutcome('111111').message).toBe('Insufficient Funds');
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(Object.keys(TEST_CARDS).length).toBeGreaterThan(6);
  });
});

describe('Moyasar sandbox refunds (POST /v1/payments/:id/refund)', () => {
  async function paidPayment(number = '4111111111111111') {
    const { s } = sandbox();
    const created = await s.handle(
      new Request(`${BASE}/invoices`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 11900, currency: 'SAR', description: 'Plan' }),
      }),
    );
    const invoice = s.invoice(((await created.json()) as { id: string }).id)!;
    const payment = await s.pay(invoice, { type: 'creditcard' }, cardOutcome(number));
    const refund = (body?: unknown) =>
      s.handle(
        new Request(`${BASE}/payments/${payment.id}/refund`, {
          method: 'POST',
          headers: { ...auth(), 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    return { s, payment, refund };
  }

  it('refunds in full by default: status refunded, the refunded amount and time; a second refund is refused', async () => {
    const { s, payment, refund } = await paidPayment();
    const first = await refund();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      id: payment.id,
      status: 'refunded',
      amount: 11900,
      refunded: 11900,
      refunded_format: '119.00 SAR',
      refunded_at: expect.any(String),
    });
    const again = await refund();
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      type: 'invalid_request_error',
      message: 'Payment is already refunded',
      errors: null,
    });
    const read = await s.handle(new Request(`${BASE}/payments/${payment.id}`, { headers: auth() }));
    expect(await read.json()).toMatchObject({ status: 'refunded', refunded: 11900 });
  });

  it('a partial amount, then no more than what is left', async () => {
    const { refund } = await paidPayment();
    expect(await (await refund({ amount: 1900 })).json()).toMatchObject({ status: 'refunded', refunded: 1900 });
    const above = await refund({ amount: 10001 });
    expect(above.status).toBe(400);
    expect(await above.json()).toMatchObject({
      message: 'Validation Failed',
      errors: { amount: [expect.any(String)] },
    });
    expect(await (await refund()).json()).toMatchObject({ refunded: 11900 });
  });

  it('a payment that is not paid cannot be refunded; an unknown one is 404; an outage is 503', async () => {
    const declined = await paidPayment('4123120001090109');
    const refused = await declined.refund();
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ type: 'invalid_request_error' });
    const { s, refund } = await paidPayment();
    const missing = await s.handle(new Request(`${BASE}/payments/nope/refund`, { method: 'POST', headers: auth() }));
    expect(missing.status).toBe(404);
    s.failNextRefunds(1);
    expect((await refund()).status).toBe(503);
    expect(await (await refund()).json()).toMatchObject({ status: 'refunded' });
  });
});
