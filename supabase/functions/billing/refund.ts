// Refunds of payments the billing function cannot apply (issue 14 follow-up): the payer's money
// goes back in full through Moyasar's POST /v1/payments/:id/refund, and the checkout records it
// (record_subscription_checkout_refund): `refunded`, or `refund_pending` with the gateway's words.
import type { SupabaseClient } from '../_shared/supabase.ts';
import { MoyasarError, type Moyasar, type MoyasarPayment } from './moyasar.ts';
import { fullyRefunded, type CheckoutRow, type RefundReason } from './verify.ts';

export function createRefunder(moyasar: Moyasar, serviceDb: () => SupabaseClient) {
  /**
   * Gives the payer's money back in full and records it: `refunded`, or `refund_pending` with the
   * gateway's words when the call fails (retried later). Refunding twice is impossible at Moyasar
   * (a refunded payment refuses another refund); a refusal because a concurrent notice already
   * refunded it is confirmed by reading the payment back.
   */
  async function refund(checkout: CheckoutRow, payment: MoyasarPayment, reason: RefundReason): Promise<CheckoutRow> {
    let refundedHalalas: number | null = null;
    let failure: string | null = null;
    if (fullyRefunded(payment)) {
      refundedHalalas = payment.refunded ?? payment.amount;
    } else {
      try {
        const answer = await moyasar.refundPayment(payment.id);
        refundedHalalas = answer.refunded || answer.amount;
      } catch (error) {
        if (!(error instanceof MoyasarError)) throw error;
        const now = await moyasar.getPayment(payment.id).catch(() => null);
        if (now && fullyRefunded(now)) refundedHalalas = now.refunded ?? now.amount;
        else failure = error.message;
      }
    }
    if (failure) console.error(`billing: refunding payment ${payment.id} failed:`, failure);
    const { data, error } = await serviceDb().rpc('record_subscription_checkout_refund', {
      checkout_id: checkout.id,
      provider_payment_id: payment.id,
      reason,
      refunded_halalas: refundedHalalas,
      refund_error: failure,
    });
    if (error) throw new Error(`record_subscription_checkout_refund failed: ${error.message}`);
    return data as CheckoutRow;
  }

  /** A refund that failed before: the payment read back from Moyasar, then refunded again. */
  async function retryRefund(checkout: CheckoutRow): Promise<CheckoutRow> {
    if (!checkout.provider_payment_id || !checkout.refund_reason) return checkout;
    const payment = await moyasar.getPayment(checkout.provider_payment_id);
    return await refund(checkout, payment, checkout.refund_reason);
  }

  return { refund, retryRefund };
}
