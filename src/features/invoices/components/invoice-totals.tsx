import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { InvoicePage } from '../api/rpc-schemas';
import { useInvoiceFormat } from '../lib/use-money';

/** Sums of everything the filters match (not only this page), in SAR; credit notes count negative. */
export function InvoiceTotals({ page }: { page: InvoicePage }) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const items = [
    ['count', formatNumber(page.total, format.language)],
    ['subtotal', format.money(page.totals.subtotal)],
    ['vat', format.money(page.totals.vat)],
    ['total', format.money(page.totals.total)],
    ['paid', format.money(page.totals.paid)],
    ['balance', format.money(page.totals.balance)],
  ] as const;
  return (
    <section aria-label={t('list.totals.label')} className="mb-4" data-testid="invoices-totals">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {items.map(([key, value]) => (
          <div key={key} className="rounded-lg border border-stone-200 bg-white px-3 py-2">
            <dt className="text-xs text-stone-600">{t(`list.totals.${key}`)}</dt>
            <dd className="font-semibold tabular-nums" data-testid={`invoices-total-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
