import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { BILLINGS, includedVat, PLANS, yearlySaving, type Billing, type Plan } from '../lib/plans';

function PlanCard({ plan, billing }: { plan: Plan; billing: Billing }) {
  const { t } = useTranslation('landing');
  const language = currentLanguage();
  const name = t(`pricing.plans.${plan.id}.name`);
  const limit = (value: number | 'unlimited', key: 'users' | 'units') =>
    value === 'unlimited'
      ? t(`pricing.unlimited_${key}`)
      : t(`pricing.${key}`, { count: value, formatted: formatNumber(value, language) });
  return (
    <Card
      className={cn('flex flex-col', plan.highlighted && 'border-2 border-primary-700')}
      data-testid={`plan-${plan.id}`}
    >
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{name}</CardTitle>
          {plan.highlighted ? <Badge variant="info">{t('pricing.popular')}</Badge> : null}
        </div>
        <p className="text-sm text-stone-600">{t(`pricing.plans.${plan.id}.tagline`)}</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {plan.price ? (
          <div>
            <p className="text-3xl font-bold text-stone-900" data-testid="plan-price">
              {formatMoney(plan.price[billing], 'SAR', language)}
            </p>
            <p className="text-sm text-stone-600">{t(`pricing.per_${billing}`)}</p>
            <p className="mt-1 text-xs text-stone-600" data-testid="plan-vat">
              {t('pricing.vat_included', { amount: formatMoney(includedVat(plan.price[billing]), 'SAR', language) })}
            </p>
            {billing === 'yearly' ? (
              <p className="mt-1 text-sm font-medium text-emerald-800">
                {t('pricing.yearly_saving', { amount: formatMoney(yearlySaving(plan), 'SAR', language) })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-3xl font-bold text-stone-900" data-testid="plan-price">
            {t('pricing.by_agreement')}
          </p>
        )}
        <ul
          className="flex flex-col gap-2 text-sm text-stone-800"
          aria-label={t('pricing.limits_label', { plan: name })}
        >
          {[limit(plan.users, 'users'), limit(plan.units, 'units'), t(`pricing.plans.${plan.id}.extra`)].map((line) => (
            <li key={line} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-700" />
              {line}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild className="w-full" variant={plan.highlighted ? 'primary' : 'outline'}>
          {plan.price ? (
            <Link
              to={paths.getStarted.getHref(plan.id, billing)}
              aria-label={t('pricing.start_label', { plan: name, billing: t(`pricing.billing_names.${billing}`) })}
            >
              {t('pricing.start')}
            </Link>
          ) : (
            <a href="#contact">{t('pricing.contact_sales')}</a>
          )}
        </Button>
      </CardFooter>
    </Card>
  );
}

/** SPEC §9 plans with a monthly/yearly switch; prices include VAT; "Get started" carries the choice. */
export function PricingSection() {
  const hydrated = useHydrated();
  const { t } = useTranslation('landing');
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="pricing-title" className="text-3xl font-bold text-stone-900">
        {t('pricing.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-stone-700">{t('pricing.subtitle')}</p>
      <div
        role="group"
        aria-label={t('pricing.billing_label')}
        className="mt-6 inline-flex rounded-lg border border-stone-300 p-1"
      >
        {BILLINGS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={billing === option}
            // Prerendered: a tap before hydration would be lost (lib/use-hydrated.ts).
            disabled={!hydrated}
            onClick={() => setBilling(option)}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-600',
              billing === option ? 'bg-primary-700 text-white' : 'text-stone-700 hover:bg-stone-100',
            )}
          >
            {t(`pricing.${option}`)}
          </button>
        ))}
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} billing={billing} />
        ))}
      </div>
      <p className="mt-6 text-sm text-stone-600" data-testid="pricing-vat-note">
        {t('pricing.vat_note')}
      </p>
    </section>
  );
}
