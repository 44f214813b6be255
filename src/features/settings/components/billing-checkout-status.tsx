import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { BillingRefusal } from '../api/billing-invoke';
import { billingKeys } from '../api/billing-keys';
import { CHECKOUT_POLL_LIMIT, useCheckout } from '../api/billing-get-checkout';
import { halalasToRiyals } from '../billing-schema';

const BOX = 'mb-4 rounded-md p-3 text-sm';

/**
 * Back from the payment page (`?checkout=<id>`): "Verifying payment…" while the function checks
 * the payment with the gateway, then the outcome. The plan and invoices are read again once paid.
 * A payment that could not be applied (the plan changed meanwhile, or it did not match) is given
 * back: the payer reads that it was refunded and why, or that the refund is under way.
 */
export function BillingCheckoutStatus({ checkoutId }: { checkoutId: string }) {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const checkout = useCheckout(checkoutId);
  const status = checkout.data?.status;

  useEffect(() => {
    if (status === 'paid') void queryClient.invalidateQueries({ queryKey: billingKeys.all });
  }, [status, queryClient]);

  if (checkout.isError) {
    const notFound = checkout.error instanceof BillingRefusal;
    return (
      <p role="alert" className={`${BOX} bg-red-50 text-red-800`} data-testid="billing-checkout-status">
        {notFound ? t('checkout.not_found') : getErrorMessage(checkout.error)}
      </p>
    );
  }
  if (!checkout.data || status === 'pending') {
    // The poll stops after CHECKOUT_POLL_LIMIT answers; past that, say so instead of spinning.
    const polls = queryClient.getQueryState(billingKeys.checkout(checkoutId))?.dataUpdateCount ?? 0;
    return (
      <div role="status" className={`${BOX} bg-sky-50 text-sky-900`} data-testid="billing-checkout-status">
        {polls >= CHECKOUT_POLL_LIMIT ? (
          t('checkout.still_pending')
        ) : (
          <span className="inline-flex items-center gap-2">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            {t('checkout.verifying')}
          </span>
        )}
      </div>
    );
  }
  if (status === 'refunded' || status === 'refund_pending') {
    const reason = t(`checkout.refund_reasons.${checkout.data.refund_reason ?? 'checkout_mismatch'}`);
    const amount = formatMoney(
      halalasToRiyals(checkout.data.refunded_halalas ?? checkout.data.amount_halalas ?? 0),
      'SAR',
      currentLanguage(),
    );
    return (
      <p role="alert" className={`${BOX} bg-amber-50 text-amber-900`} data-testid="billing-checkout-status">
        {status === 'refunded' ? t('checkout.refunded', { amount, reason }) : t('checkout.refund_pending', { reason })}
      </p>
    );
  }
  if (status === 'paid') {
    return (
      <p role="status" className={`${BOX} bg-emerald-50 text-emerald-900`} data-testid="billing-checkout-status">
        {t('checkout.paid', { plan: t(`plans.${checkout.data.plan}`) })}
      </p>
    );
  }
  return (
    <p role="alert" className={`${BOX} bg-red-50 text-red-800`} data-testid="billing-checkout-status">
      {t('checkout.failed', { reason: checkout.data.failure_reason ?? '' })}
    </p>
  );
}
