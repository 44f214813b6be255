import { Link } from 'react-router-dom';
import { DualDate } from '@/components/dual-date';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { InvoiceListRow } from '../api/rpc-schemas';
import { useInvoiceFormat } from '../lib/use-money';
import { InvoiceStatusBadge, ZatcaStatusBadge } from './status-badges';

export interface InvoiceListProps {
  rows: InvoiceListRow[];
}

function useRowText() {
  const { t } = useTranslation('invoices');
  return {
    number: (row: InvoiceListRow) => row.invoice_number ?? t('list.draft_number'),
    client: (row: InvoiceListRow) => row.client?.name ?? row.buyer_name ?? t('list.no_client'),
    type: (row: InvoiceListRow) => t(`document_type.${row.document_type}`),
  };
}

/** Invoices as a table on wide screens and as cards on phones (same rows, same links). */
export function InvoiceList({ rows }: InvoiceListProps) {
  return (
    <>
      <InvoiceTable rows={rows} />
      <InvoiceCards rows={rows} />
    </>
  );
}

function InvoiceTable({ rows }: InvoiceListProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const text = useRowText();
  const head = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-stone-600 uppercase';
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white md:block">
      <table className="w-full text-sm" data-testid="invoices-table">
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            <th className={head}>{t('list.columns.number')}</th>
            <th className={head}>{t('list.columns.client')}</th>
            <th className={head}>{t('list.columns.issue_date')}</th>
            <th className={head}>{t('list.columns.due_date')}</th>
            <th className={`${head} text-end`}>{t('list.columns.total')}</th>
            <th className={`${head} text-end`}>{t('list.columns.balance')}</th>
            <th className={head}>{t('list.columns.status')}</th>
            <th className={head}>{t('list.columns.zatca')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-b border-stone-100 last:border-0 hover:bg-stone-50"
              data-testid="invoice-row"
            >
              <td className="px-3 py-2">
                <Link
                  to={paths.dashboard.invoice.getHref(row.id)}
                  className="font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
                >
                  <span dir="ltr">{text.number(row)}</span>
                </Link>
                <div className="text-xs text-stone-600">{text.type(row)}</div>
              </td>
              <td className="px-3 py-2">
                <div>{text.client(row)}</div>
                {row.booking_reference ? (
                  <div className="text-xs text-stone-600" dir="ltr">
                    {row.booking_reference}
                  </div>
                ) : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <DualDate value={row.issue_date} stacked />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <DualDate value={row.due_date} stacked />
                {row.days_overdue > 0 ? (
                  <div className="text-xs text-red-700">{t('list.overdue_days', { count: row.days_overdue })}</div>
                ) : null}
              </td>
              <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">
                {format.money(row.document_type === 'credit_note' ? -row.total_amount : row.total_amount, row.currency)}
              </td>
              <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">
                {format.money(row.balance_due, row.currency)}
              </td>
              <td className="px-3 py-2">
                <InvoiceStatusBadge status={row.status} />
              </td>
              <td className="px-3 py-2">
                {row.status === 'draft' ? '—' : <ZatcaStatusBadge status={row.zatca_status} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvoiceCards({ rows }: InvoiceListProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const text = useRowText();
  return (
    <ul className="flex flex-col gap-3 md:hidden" data-testid="invoices-cards">
      {rows.map((row) => (
        <li key={row.id}>
          <Link
            to={paths.dashboard.invoice.getHref(row.id)}
            aria-label={t('actions.open', { number: text.number(row) })}
            className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 focus-visible:outline-2 focus-visible:outline-primary-600"
            data-testid="invoice-card"
          >
            <div className="flex items-start justify-between gap-2">
              <div>
                <div className="font-semibold" dir="ltr">
                  {text.number(row)}
                </div>
                <div className="text-xs text-stone-600">{text.type(row)}</div>
              </div>
              <InvoiceStatusBadge status={row.status} />
            </div>
            <div className="text-sm">{text.client(row)}</div>
            <div className="flex items-end justify-between gap-2 text-sm">
              <span className="text-stone-600">
                {row.days_overdue > 0
                  ? t('list.overdue_days', { count: row.days_overdue })
                  : t('list.due_on', { date: format.date(row.due_date) })}
              </span>
              <span className="text-base font-semibold tabular-nums">
                {format.money(row.total_amount, row.currency)}
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
