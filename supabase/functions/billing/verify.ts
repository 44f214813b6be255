// Which payment settles a checkout, decided only from what the gateway itself answered (fetched
// with the secret key), never from the browser's redirect or a webhook body.
import type { MoyasarInvoice, MoyasarPayment } from './moyasar.ts';

export interface CheckoutRow {
  id: string;
  organization_id: string;
  status: 'pending' | 'paid' | 'failed' | 'refund_pending' | 'refunded';
  provider_payment_id?: string | null;
  refund_reason?: RefundReason | null;
  amount_halalas: number;
  currency: string;
  provider_invoice_id: string | null;
}

/** Why complete_subscription_checkout could not apply a paid payment: it is refunded in full. */
export const REFUND_REASONS = ['checkout_stale', 'checkout_mismatch'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const isRefundReason = (code: string): code is RefundReason =>
  (REFUND_REASONS as readonly string[]).includes(code);

/** Moyasar answered the payment refunded in full (by this call or an earlier one). */
export const fullyRefunded = (payment: MoyasarPayment): boolean =>
  payment.status === 'refunded' && (payment.refunded ?? 0) >= payment.amount;

/** The arguments of complete_subscription_checkout for a payment of the checkout's invoice. */
export interface Completion {
  checkout_id: string;
  provider_payment_id: string;
  payment_status: string;
  amount_halalas: number;
  currency: string;
  metadata_checkout_id: string;
  failure_reason: string | null;
}

export function completionOf(checkout: CheckoutRow, payment: MoyasarPayment): Completion {
  return {
    checkout_id: checkout.id,
    provider_payment_id: payment.id,
    payment_status: payment.status,
    amount_halalas: payment.amount,
    currency: payment.currency,
    metadata_checkout_id: payment.metadata?.checkout_id ?? '',
    failure_reason: payment.status === 'paid' ? null : (payment.source?.message ?? 'Payment failed'),
  };
}

/**
 * The payment of the invoice that decides the checkout: a paid one if any (the payer may have
 * retried after a decline), else the newest attempt; null while nobody has paid yet. A payment
 * of another invoice never counts.
 */
export function decidingPayment(checkout: CheckoutRow, invoice: MoyasarInvoice): MoyasarPayment | null {
  if (!checkout.provider_invoice_id || invoice.id !== checkout.provider_invoice_id) return null;
  const own = (invoice.payments ?? []).filter((p) => p.invoice_id === null || p.invoice_id === invoice.id);
  const paid = own.find((p) => p.status === 'paid' || p.status === 'captured');
  if (paid) return { ...paid, status: 'paid' };
  const finished = own.filter((p) => p.status === 'failed');
  return finished.at(-1) ?? null;
}
