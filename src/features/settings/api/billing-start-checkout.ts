import { useMutation } from '@tanstack/react-query';
import { currentLanguage } from '@/lib/i18n';
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
    onSuccess: (started) => window.location.assign(paymentPageUrl(started.url, currentLanguage())),
  });
}

/** The hosted page in the app's language (Moyasar's page takes `lang`, en or ar). */
export function paymentPageUrl(url: string, language: string): string {
  const page = new URL(url);
  page.searchParams.set('lang', language === 'ar' ? 'ar' : 'en');
  return page.toString();
}
