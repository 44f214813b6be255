import { useMutation } from '@tanstack/react-query';
import { checkoutRequestSchema, checkoutStartedSchema, type CheckoutRequest } from '../billing-schema';
import { invokeBilling } from './billing-invoke';

/**
 * POST /functions/v1/billing/checkout {plan, cycle} (settings.manage): the function opens a
 * checkout and a Moyasar invoice; the answer is the hosted payment page to send the browser to.
 */
export function startCheckout(request: CheckoutRequest) {
  return invokeBilling(
    'checkout',
    { method: 'POST', body: checkoutRequestSchema.parse(request) },
    checkoutStartedSchema,
  );
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    // The plan cards explain refusals (blockers, Enterprise) beside the button.
    meta: { skipErrorToast: true },
    onSuccess: (started) => window.location.assign(started.url),
  });
}
