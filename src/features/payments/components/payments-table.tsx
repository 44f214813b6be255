import { Link } from 'react-router-dom';
import { HijriDate } from '@/components/dual-date';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { PaymentRow } from '../api/get-payments';
import { signedAmount } from '../lib/payments-sheet';
import { useFinanceFormat } from '../lib/use-finance-format';

/** The document a payment settles, as a link to its page (or a dash when it has none). */
function InvoiceLink({ row }: { row: PaymentRow }) {
  const { t } = useTranslation('payments');
  if (!row.invoice) return <span aria-hidden="true">—</span>;
  return (
    <Link
      to={paths.dashboard.invoice.getHref(row.invoice.id)}
      className="font-medium text-primary-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
      aria-label={t('history.open_invoice', { number: row.invoice.invoice_number ?? '' })}
      dir="ltr"
    >
      {row.invoice.invoice_number ?? t('history.draft')}
    </Link>
  );
}

function Amount({ row }: { row: PaymentRow }) {
  const format = useFinanceFormat();
  return (
    <span className={cn('font-medium tabular-nums', row.is_refund ? 'text-red-800' : 'text-stone-900')}>
      {format.money(signedAmount(row, row.amount), row.currency)}
    </span>
  );
}

function KindBadge({ row }: { row: PaymentRow }) {
  const { t } = useTranslation('payments');
  return row.is_refund ? (
    <Badge variant="danger" data-testid="refund-badge">
      {t('history.refund')}
    </Badge>
  ) : null;
}

/** Payments and refunds: a table on wide screens, cards on phones (same rows, same links). */
export function PaymentsTable({ rows }: { rows: PaymentRow[] }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  const head = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-stone-600 uppercase';
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white md:block">
        <table className="w-full text-sm" data-testid="payments-table">
          <caption className="sr-only">{t('history.caption')}</caption>
          <thead className="border-b border-stone-200 bg-stone-50">
            <tr>
              <th scope="col" className={head}>
                {t('history.columns.paid_at')}
              </th>
              <th scope="col" className={head}>
                {t('history.columns.invoice')}
              </th>
              <th scope="col" className={head}>
                {t('history.columns.client')}
              </th>
              <th scope="col" className={head}>
                {t('history.columns.method')}
              </th>
              <th scope="col" className={head}>
                {t('history.columns.reference')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('history.columns.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={cn('border-b border-stone-100 last:border-0', row.is_refund && 'bg-red-50/40')}
                data-testid="payment-row"
                data-refund={row.is_refund ? 'true' : undefined}
              >
                <td className="px-3 py-2 whitespace-nowrap text-stone-700">
                  {format.instant(row.paid_at)}
                  <HijriDate value={row.paid_at} className="block" />
                </td>
                <td className="px-3 py-2">
                  <InvoiceLink row={row} />
                </td>
                <td className="px-3 py-2 text-stone-800">{row.client?.name ?? '—'}</td>
                <td className="px-3 py-2 text-stone-800">{t(`methods.${row.method}`)}</td>
                <td className="px-3 py-2 text-stone-700">
                  {row.reference_number ? <span dir="ltr">{row.reference_number}</span> : '—'}
                </td>
                <td className="px-3 py-2 text-end whitespace-nowrap">
                  <span className="inline-flex items-center gap-2">
                    <KindBadge row={row} />
                    <Amount row={row} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 md:hidden" data-testid="payments-cards">
        {rows.map((row) => (
          <li
            key={row.id}
            className={cn(
              'rounded-xl border border-stone-200 bg-white p-3 text-sm',
              row.is_refund && 'border-red-200 bg-red-50/40',
            )}
            data-testid="payment-card"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-0.5">
                <InvoiceLink row={row} />
                <span className="truncate text-stone-800">{row.client?.name ?? '—'}</span>
              </div>
              <div className="flex flex-col items-end gap-1">
                <Amount row={row} />
                <KindBadge row={row} />
              </div>
            </div>
            <p className="mt-2 text-xs text-stone-600">
              {t('history.card_line', { method: t(`methods.${row.method}`), when: format.instant(row.paid_at) })}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
