import { useTranslation } from 'react-i18next';
import type { FinanceSummary } from '../api/get-finance-summary';
import { useFinanceFormat } from '../lib/use-finance-format';

/** Money collected in the period by payment method (refunds not included), largest first. */
export function MethodsReport({ byMethod }: { byMethod: NonNullable<FinanceSummary['by_method']> }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  const total = byMethod.reduce((sum, row) => sum + row.amount, 0);
  const head = 'px-3 py-2 text-xs font-semibold tracking-wide text-stone-600 uppercase';
  return (
    <section aria-labelledby="methods-heading" className="rounded-xl border border-stone-200 bg-white p-4">
      <h3 id="methods-heading" className="mb-3 text-base font-semibold text-stone-900">
        {t('reports.methods.title')}
      </h3>
      {byMethod.length === 0 ? (
        <p className="text-sm text-stone-600" data-testid="methods-empty">
          {t('reports.methods.empty')}
        </p>
      ) : (
        <table className="w-full text-sm" data-testid="methods-table">
          <thead className="border-b border-stone-200">
            <tr>
              <th scope="col" className={`${head} text-start`}>
                {t('reports.methods.method')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('reports.methods.count')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('reports.methods.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {byMethod.map((row) => (
              <tr
                key={row.method}
                className="border-b border-stone-100 last:border-0"
                data-testid={`method-${row.method}`}
              >
                <th scope="row" className="px-3 py-2 text-start font-normal">
                  <span className="flex flex-col gap-1">
                    <span className="text-stone-900">{t(`methods.${row.method}`)}</span>
                    <span
                      className="h-1.5 w-full max-w-40 overflow-hidden rounded-full bg-stone-100"
                      aria-hidden="true"
                    >
                      <span
                        className="block h-full rounded-full bg-primary-600"
                        style={{ width: `${total > 0 ? Math.round((row.amount / total) * 100) : 0}%` }}
                      />
                    </span>
                  </span>
                </th>
                <td className="px-3 py-2 text-end tabular-nums">{format.count(row.count)}</td>
                <td className="px-3 py-2 text-end tabular-nums">{format.sar(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
