import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { BillingOverview } from '../billing-schema';

/** Users and units against the plan's limits, as bars (a limit of null is unlimited). */
export function BillingUsage({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation('billing');
  const rows = [
    { id: 'users', label: t('usage.users'), used: overview.users_used, limit: overview.users_limit },
    { id: 'units', label: t('usage.units'), used: overview.units_used, limit: overview.units_limit },
  ];
  const language = currentLanguage();
  return (
    <section aria-labelledby="billing-usage-title" className="mt-6">
      <h3 id="billing-usage-title" className="text-base font-semibold text-stone-900">
        {t('usage.title')}
      </h3>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        {rows.map((row) => {
          const used = formatNumber(row.used, language);
          const text =
            row.limit === null
              ? t('usage.unlimited', { used })
              : t('usage.of_limit', { used, limit: formatNumber(row.limit, language) });
          const percent = row.limit === null ? 0 : Math.min(100, Math.round((row.used / Math.max(row.limit, 1)) * 100));
          return (
            <div key={row.id} data-testid={`billing-usage-${row.id}`}>
              <dt className="flex justify-between text-sm text-stone-700">
                <span>{row.label}</span>
                <span>{text}</span>
              </dt>
              <dd className="mt-1">
                <div
                  role="progressbar"
                  aria-label={`${row.label}: ${text}`}
                  aria-valuemin={0}
                  aria-valuemax={row.limit ?? row.used}
                  aria-valuenow={row.used}
                  className="h-2 overflow-hidden rounded-full bg-stone-200"
                >
                  <div
                    className={
                      row.limit !== null && row.used > row.limit ? 'h-full bg-red-600' : 'h-full bg-primary-600'
                    }
                    style={{ width: `${percent}%` }}
                  />
                </div>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
