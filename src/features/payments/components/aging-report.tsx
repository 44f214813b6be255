import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/lib/format';
import { AGING_BUCKETS, type FinanceSummary } from '../api/get-finance-summary';
import { agingHref } from '../lib/payments-url';
import { useFinanceFormat } from '../lib/use-finance-format';

/**
 * Receivables aging today (SPEC §9: current, 1-30, 31-60, 60+ days past due): count and amount
 * per bucket with its share, each row leading to the invoices section filtered by that bucket.
 */
export function AgingReport({ aging }: { aging: NonNullable<FinanceSummary['aging']> }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  const total = AGING_BUCKETS.reduce((sum, bucket) => sum + aging[bucket].amount, 0);
  const head = 'px-3 py-2 text-xs font-semibold tracking-wide text-stone-600 uppercase';
  return (
    <section aria-labelledby="aging-heading" className="rounded-xl border border-stone-200 bg-white p-4">
      <h3 id="aging-heading" className="text-base font-semibold text-stone-900">
        {t('reports.aging.title')}
      </h3>
      <p className="mb-3 text-sm text-stone-600">{t('reports.aging.description')}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="aging-table">
          <thead className="border-b border-stone-200">
            <tr>
              <th scope="col" className={`${head} text-start`}>
                {t('reports.aging.bucket')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('reports.aging.count')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('reports.aging.amount')}
              </th>
              <th scope="col" className={`${head} hidden text-start sm:table-cell`}>
                {t('reports.aging.share')}
              </th>
              <th scope="col" className={head}>
                <span className="sr-only">{t('reports.aging.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {AGING_BUCKETS.map((bucket) => {
              const { amount, count } = aging[bucket];
              const share = total > 0 ? amount / total : 0;
              return (
                <tr key={bucket} className="border-b border-stone-100 last:border-0" data-testid={`aging-${bucket}`}>
                  <th scope="row" className="px-3 py-2 text-start font-medium text-stone-900">
                    {t(`reports.aging.buckets.${bucket}`)}
                  </th>
                  <td className="px-3 py-2 text-end tabular-nums">{format.count(count)}</td>
                  <td className="px-3 py-2 text-end tabular-nums">{format.sar(amount)}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">
                    <span className="flex items-center gap-2">
                      <span className="h-2 w-24 overflow-hidden rounded-full bg-stone-100" aria-hidden="true">
                        <span
                          className={`block h-full rounded-full ${bucket === 'current' ? 'bg-primary-600' : 'bg-amber-600'}`}
                          style={{ width: `${Math.round(share * 100)}%` }}
                        />
                      </span>
                      <span className="text-xs text-stone-700 tabular-nums">
                        {formatPercent(Math.round(share * 100) / 100, format.language)}
                      </span>
                    </span>
                  </td>
                  <td className="px-3 py-2 text-end">
                    <Link
                      to={agingHref(bucket)}
                      className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-primary-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
                      // Four links with the same visible words: the name says which bucket each opens.
                      aria-label={t('reports.aging.view_invoices_label', {
                        bucket: t(`reports.aging.buckets.${bucket}`),
                      })}
                      data-testid={`aging-open-${bucket}`}
                    >
                      {t('reports.aging.view_invoices')}
                      <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="border-t border-stone-200 font-semibold">
              <th scope="row" className="px-3 py-2 text-start">
                {t('reports.aging.total')}
              </th>
              <td className="px-3 py-2 text-end tabular-nums">
                {format.count(AGING_BUCKETS.reduce((sum, bucket) => sum + aging[bucket].count, 0))}
              </td>
              <td className="px-3 py-2 text-end tabular-nums">{format.sar(total)}</td>
              <td className="hidden sm:table-cell" />
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
