import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { useBillingOverview } from '../api/billing-get-overview';
import { BillingCheckoutStatus } from './billing-checkout-status';
import { BillingInvoices } from './billing-invoices';
import { BillingPlans } from './billing-plans';
import { BillingUsage } from './billing-usage';

/**
 * Settings → Billing (issue 14, docs/billing.md): the plan and cycle, usage against the limits,
 * the plans with VAT-inclusive prices and, for settings.manage holders, changing plan through the
 * payment page and the subscription invoices. Others see the plan read-only.
 */
export function BillingTab() {
  const { t } = useTranslation('billing');
  const auth = useAuth();
  const organizationId = auth.organization?.id ?? '';
  const overview = useBillingOverview(organizationId);
  const [searchParams] = useSearchParams();
  const checkoutId = searchParams.get('checkout');

  if (overview.isPending) return <Spinner label={t('loading')} className="py-8" />;
  if (overview.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {getErrorMessage(overview.error)}
      </p>
    );
  }
  const data = overview.data;
  return (
    <section aria-labelledby="billing-current-title" data-testid="billing-tab">
      {checkoutId && data.can_manage ? <BillingCheckoutStatus key={checkoutId} checkoutId={checkoutId} /> : null}
      <h3 id="billing-current-title" className="text-base font-semibold text-stone-900">
        {t('current.title')}
      </h3>
      <p className="mt-1 text-lg text-stone-900" data-testid="billing-current-plan">
        {t('current.plan_cycle', { plan: t(`plans.${data.plan}`), cycle: t(`cycles.${data.billing_cycle}`) })}
      </p>
      {data.can_manage ? null : (
        <p
          role="note"
          className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="billing-read-only"
        >
          {t('current.read_only')}
        </p>
      )}
      <BillingUsage overview={data} />
      <BillingPlans overview={data} />
      {data.can_manage ? <BillingInvoices organizationId={organizationId} /> : null}
    </section>
  );
}
