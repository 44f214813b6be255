import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { BillingRefusal } from '../api/billing-invoke';
import { useStartCheckout } from '../api/billing-start-checkout';
import {
  halalasToRiyals,
  type BillingCycle,
  type BillingOverview,
  type BillingPlan,
  type PlanBlocker,
} from '../billing-schema';
import { getErrorMessage } from '@/lib/errors';

const PLANS: BillingPlan[] = ['basic', 'advanced', 'enterprise'];

/** "Remove 1 unit to move to Basic": what the organisation must do first, in words. */
export function useBlockerSentences() {
  const { t } = useTranslation('billing');
  return (plan: BillingPlan, blockers: PlanBlocker[]) =>
    blockers.map((b) =>
      t(b.kind === 'units' ? 'choose.blocked_units' : 'choose.blocked_users', {
        count: b.excess,
        plan: t(`plans.${plan}`),
      }),
    );
}

/** The plans with their prices for the chosen cycle; changing plan goes to the payment page. */
export function BillingPlans({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const [cycle, setCycle] = useState<BillingCycle>(overview.billing_cycle);
  const checkout = useStartCheckout();
  const sentences = useBlockerSentences();
  const refusal = checkout.error instanceof BillingRefusal ? checkout.error : null;
  const money = (halalas: number) => formatMoney(halalasToRiyals(halalas), 'SAR', language);

  return (
    <section aria-labelledby="billing-plans-title" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="billing-plans-title" className="text-base font-semibold text-stone-900">
          {t('choose.title')}
        </h3>
        <div
          role="radiogroup"
          aria-label={t('choose.cycle_label')}
          className="inline-flex rounded-md border border-stone-300 p-0.5"
        >
          {(['monthly', 'yearly'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={cycle === value}
              data-testid={`billing-cycle-${value}`}
              onClick={() => setCycle(value)}
              className={
                cycle === value
                  ? 'rounded bg-primary-700 px-3 py-1 text-sm font-medium text-white'
                  : 'rounded px-3 py-1 text-sm text-stone-700 hover:bg-stone-100'
              }
            >
              {t(`choose.${value}`)}
            </button>
          ))}
        </div>
      </div>
      <p className="mt-1 text-sm text-stone-600">{t('choose.vat_included')}</p>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {PLANS.map((plan) => {
          const price = overview.prices.find((p) => p.plan === plan && p.billing_cycle === cycle);
          const isCurrent = plan === overview.plan && (plan === 'enterprise' || cycle === overview.billing_cycle);
          const blockers = overview.blockers[plan] ?? [];
          const refused = refusal && checkout.variables?.plan === plan ? refusal : null;
          return (
            <li
              key={plan}
              data-testid={`billing-plan-${plan}`}
              className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-4"
            >
              <div className="flex items-center justify-between gap-2">
                <h4 className="font-semibold text-stone-900">{t(`plans.${plan}`)}</h4>
                {isCurrent ? <Badge variant="success">{t('choose.current_badge')}</Badge> : null}
              </div>
              {price ? (
                <>
                  <p className="text-xl font-bold text-stone-900" data-testid={`billing-price-${plan}`}>
                    {t(cycle === 'monthly' ? 'choose.per_month' : 'choose.per_year', {
                      price: money(price.total_halalas),
                    })}
                  </p>
                  <p className="text-xs text-stone-600">
                    {t('choose.vat_split', { net: money(price.net_halalas), vat: money(price.vat_halalas) })}
                  </p>
                </>
              ) : (
                <p className="text-xl font-bold text-stone-900">{t('choose.by_agreement')}</p>
              )}
              <p className="text-sm text-stone-700">{t(`choose.limits_${plan}`)}</p>
              {plan !== 'enterprise' && blockers.length > 0 && !isCurrent ? (
                <ul className="text-sm text-amber-900" data-testid={`billing-blockers-${plan}`}>
                  {sentences(plan, blockers).map((sentence) => (
                    <li key={sentence}>{sentence}</li>
                  ))}
                </ul>
              ) : null}
              {refused ? (
                <div role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
                  <p>{t(`errors.${refused.code}`)}</p>
                  {refused.blockers.length > 0 ? (
                    <ul>
                      {sentences(plan, refused.blockers).map((sentence) => (
                        <li key={sentence}>{sentence}</li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ) : null}
              <div className="mt-auto pt-2">
                {plan === 'enterprise' ? (
                  <Button asChild variant="outline" className="w-full">
                    <a href="/#contact">{t('choose.contact')}</a>
                  </Button>
                ) : overview.can_manage && !isCurrent ? (
                  <Button
                    className="w-full"
                    data-testid={`billing-change-${plan}`}
                    disabled={checkout.isPending || checkout.isSuccess || blockers.length > 0}
                    onClick={() => checkout.mutate({ plan, cycle })}
                  >
                    {checkout.isPending || (checkout.isSuccess && checkout.variables.plan === plan)
                      ? t('choose.redirecting')
                      : t('choose.change', { plan: t(`plans.${plan}`) })}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {checkout.error && !refusal ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {getErrorMessage(checkout.error)}
        </p>
      ) : null}
      {overview.can_manage ? <p className="mt-3 text-xs text-stone-600">{t('choose.pay_note')}</p> : null}
    </section>
  );
}
