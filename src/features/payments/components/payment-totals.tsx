import { useTranslation } from 'react-i18next';
import type { PaymentPage } from '../api/get-payments';
import { useFinanceFormat } from '../lib/use-finance-format';

/** What the filtered history adds up to (all pages, in SAR): received, refunded, net. */
export function PaymentTotals({ page }: { page: PaymentPage }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  const items = [
    { key: 'received', value: page.totals.payments },
    { key: 'refunded', value: -page.totals.refunds },
    { key: 'net', value: page.totals.amount },
  ] as const;
  return (
    <dl
      className="mb-4 grid grid-cols-1 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-4"
      data-testid="payments-totals"
    >
      <div>
        <dt className="text-xs text-stone-600">{t('history.totals.count')}</dt>
        <dd className="text-lg font-semibold text-stone-900 tabular-nums">{format.count(page.total)}</dd>
      </div>
      {items.map((item) => (
        <div key={item.key}>
          <dt className="text-xs text-stone-600">{t(`history.totals.${item.key}`)}</dt>
          <dd className="text-lg font-semibold text-stone-900 tabular-nums" data-testid={`payments-total-${item.key}`}>
            {format.sar(item.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
