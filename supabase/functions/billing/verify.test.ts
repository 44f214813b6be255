// Which gateway payment settles a checkout (verify.ts): only payments of the checkout's own
// invoice; a paid one wins over earlier declines; the metadata and amount go to the database as
// the gateway reported them, so a forged one is refused there.
import { assertEquals } from '../_shared/zatca/testing.ts';
import type { MoyasarInvoice, MoyasarPayment } from './moyasar.ts';
import { completionOf, decidingPayment, type CheckoutRow } from './verify.ts';

const checkout: CheckoutRow = {
  id: 'c0000000-0000-4000-8000-000000000001',
  organization_id: 'o0000000-0000-4000-8000-000000000001',
  status: 'pending',
  amount_halalas: 11900,
  currency: 'SAR',
  provider_invoice_id: 'inv_1',
};
const payment = (id: string, status: string, invoice = 'inv_1'): MoyasarPayment => ({
  id,
  status,
  amount: 11900,
  currency: 'SAR',
  invoice_id: invoice,
  metadata: { checkout_id: checkout.id },
  source: { type: 'creditcard', message: status === 'paid' ? 'APPROVED' : 'DECLINED' },
});
const invoice = (payments: MoyasarPayment[], id = 'inv_1'): MoyasarInvoice => ({
  id,
  status: 'initiated',
  amount: 11900,
  currency: 'SAR',
  url: 'http://sandbox/invoices/inv_1',
  metadata: { checkout_id: checkout.id },
  payments,
});

Deno.test('nobody paid yet: nothing decides', () => {
  assertEquals(decidingPayment(checkout, invoice([])), null);
});

Deno.test('a paid attempt after a decline decides', () => {
  const decided = decidingPayment(checkout, invoice([payment('p1', 'failed'), payment('p2', 'paid')]));
  assertEquals(decided?.id, 'p2');
});

Deno.test('only a decline: the newest decline decides, with its message as the reason', () => {
  const decided = decidingPayment(checkout, invoice([payment('p1', 'failed'), payment('p3', 'failed')]));
  assertEquals(decided?.id, 'p3');
  assertEquals(completionOf(checkout, decided!).failure_reason, 'DECLINED');
});

Deno.test('another invoice, or a payment of another invoice, never counts', () => {
  assertEquals(decidingPayment(checkout, invoice([payment('p1', 'paid')], 'inv_other')), null);
  assertEquals(decidingPayment(checkout, invoice([payment('p1', 'paid', 'inv_other')])), null);
});

Deno.test('the completion carries what the gateway said, for the database to compare', () => {
  const forged = { ...payment('p9', 'paid'), amount: 100, metadata: { checkout_id: 'someone-else' } };
  assertEquals(completionOf(checkout, forged), {
    checkout_id: checkout.id,
    provider_payment_id: 'p9',
    payment_status: 'paid',
    amount_halalas: 100,
    currency: 'SAR',
    metadata_checkout_id: 'someone-else',
    failure_reason: null,
  });
});
