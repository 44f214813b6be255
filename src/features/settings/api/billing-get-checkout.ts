import { useQuery } from '@tanstack/react-query';
import { checkoutSchema, type Checkout } from '../billing-schema';
import { billingKeys } from './billing-keys';
import { invokeBilling } from './billing-invoke';

/** How often the tab asks again while a payment is being verified, and for how long. */
export const CHECKOUT_POLL_MS = 1500;
export const CHECKOUT_POLL_LIMIT = 40;

/**
 * GET /functions/v1/billing/checkout/<id>: the checkout, which the function verifies with the
 * gateway again while it is pending (and retries a refund still owed). Polled until it is settled.
 */
export function getCheckout(checkoutId: string) {
  return invokeBilling(`checkout/${encodeURIComponent(checkoutId)}`, { method: 'GET' }, checkoutSchema);
}

export function checkoutRefetchInterval(checkout: Checkout | undefined, polls: number): number | false {
  // pending: being verified; refund_pending: each read retries the refund at the gateway.
  if (checkout && checkout.status !== 'pending' && checkout.status !== 'refund_pending') return false;
  return polls < CHECKOUT_POLL_LIMIT ? CHECKOUT_POLL_MS : false;
}

export function useCheckout(checkoutId: string | null) {
  return useQuery({
    queryKey: billingKeys.checkout(checkoutId ?? ''),
    queryFn: () => getCheckout(checkoutId!),
    enabled: checkoutId !== null,
    retry: false,
    refetchInterval: (query) => checkoutRefetchInterval(query.state.data, query.state.dataUpdateCount),
  });
}
