import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DualDate } from '@/components/dual-date';
import { ExportMenu } from '@/components/export-menu';
import { formatDateTime } from '@/lib/format';
import { localized } from '@/lib/localized';
import { useOrganizationSettings } from '@/lib/auth';
import type { SpreadsheetFormat, SpreadsheetSpec } from '@/lib/spreadsheet';
import type { UnitStatement } from '../api/get-unit-statement';
import {
  documentLabel,
  exportBaseName,
  invoicesSheet,
  paymentsSheet,
  staysSheet,
  statusLabel,
} from '../lib/reports-sheet';
import { useReportExport } from '../lib/use-report-export';
import type { ReportFormat } from '../lib/use-report-format';

const HEAD = 'px-2 py-2 text-xs font-semibold text-stone-700';
const CELL = 'px-2 py-1.5';
const NUM = `${CELL} text-end whitespace-nowrap tabular-nums`;

/** One table of the statement, its title, its export (not printed) and a sentence when empty. */
function StatementTable({
  title,
  empty,
  count,
  onExport,
  testId,
  head,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  onExport: (format: SpreadsheetFormat) => void;
  testId: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2 break-inside-avoid-page" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-stone-900">{title}</h3>
        <div className="print:hidden">
          <ExportMenu busy={false} disabled={count === 0} onExport={onExport} testId={`${testId}-export`} />
        </div>
      </div>
      {count === 0 ? (
        <p className="text-sm text-stone-600">{empty}</p>
      ) : (
        <div
          className="overflow-x-auto rounded-xl border border-stone-200 bg-white print:overflow-visible print:rounded-none print:border-0"
          tabIndex={0}
          role="region"
          aria-label={title}
        >
          <table className="w-full text-sm print:text-xs">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-stone-200 bg-stone-50">{head}</thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * The printable statement of a unit for a period: the organisation (Arabic name, VAT number), the
 * unit and its tourism licence, the period, its stays, invoices and payments, the totals and how
 * net is counted. Money the role may not read (invoices, payments) says so rather than showing 0.
 */
export function StatementDocument({ statement, format }: { statement: UnitStatement; format: ReportFormat }) {
  const { t } = useTranslation('reports');
  const { timeZone } = useOrganizationSettings();
  const exporter = useReportExport(statement.currency);
  const range = statement.period;
  const hidden = <span className="text-stone-600">{t('hidden_for_role')}</span>;
  const moneyOrHidden = (value: number | null) => (value === null ? hidden : format.money(value));
  const download =
    <Row,>(sheet: SpreadsheetSpec<Row>, what: string) =>
    (fileFormat: SpreadsheetFormat) =>
      void exporter.download(sheet, fileFormat, exportBaseName(`statement-${what}`, range));
  const { organization, unit, totals } = statement;

  return (
    <article className="flex flex-col gap-5" data-testid="statement-document">
      <header className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white p-4 print:border-0 print:p-0">
        <p className="text-lg font-bold text-stone-900" data-testid="statement-organization">
          {localized(format.language, organization.name, organization.name_ar)}
        </p>
        {organization.vat_number ? (
          <p className="text-sm text-stone-700">
            {t('statement.vat_number')}: <span dir="ltr">{organization.vat_number}</span>
          </p>
        ) : null}
        <h2 className="mt-2 text-base font-semibold text-stone-900" data-testid="statement-unit">
          {t('statement.title')} — {localized(format.language, unit.name, unit.name_ar)}
          {unit.city ? <span className="font-normal text-stone-600"> · {unit.city}</span> : null}
        </h2>
        {unit.tourism_licence_number ? (
          <p className="text-sm text-stone-700">
            {t('statement.licence')}: <span dir="ltr">{unit.tourism_licence_number}</span>
          </p>
        ) : null}
        <p className="text-sm text-stone-700" data-testid="statement-period">
          {t('statement.period')}: {format.range(range.from, range.to, (from, to) => t('period.range', { from, to }))}
        </p>
      </header>

      <StatementTable
        title={t('statement.stays')}
        empty={t('statement.no_stays')}
        count={statement.stays.length}
        onExport={download(staysSheet(statement, exporter.context), 'stays')}
        testId="statement-stays"
        head={
          <tr>
            <th scope="col" className={`${HEAD} text-start`}>
              {t('statement.columns.reference')}
            </th>
            <th scope="col" className={`${HEAD} text-start`}>
              {t('statement.columns.guest')}
            </th>
            <th scope="col" className={`${HEAD} text-start`}>
              {t('statement.columns.check_in')}
            </th>
            <th scope="col" className={`${HEAD} text-start`}>
              {t('statement.columns.check_out')}
            </th>
            <th scope="col" className={`${HEAD} text-end`}>
              {t('statement.columns.nights')}
            </th>
            <th scope="col" className={`${HEAD} text-end`}>
              {t('statement.columns.room_revenue')}
            </th>
            <th scope="col" className={`${HEAD} text-end`}>
              {t('statement.columns.cleaning_fee')}
            </th>
            <th scope="col" className={`${HEAD} text-start`}>
              {t('statement.columns.status')}
            </th>
          </tr>
        }
      >
        {statement.stays.map((stay) => (
          <tr key={stay.booking_id} className="border-b border-stone-100 last:border-0">
            <th scope="row" className={`${CELL} text-start font-medium`}>
              <span dir="ltr">{stay.booking_reference ?? '—'}</span>
            </th>
            <td className={CELL}>{stay.guest_name ?? '—'}</td>
            <td className={CELL}>
              <DualDate value={stay.check_in} stacked />
            </td>
            <td className={CELL}>
              <DualDate value={stay.check_out} stacked />
            </td>
            <td className={NUM}>{format.count(stay.nights_in_period)}</td>
            <td className={NUM}>{format.money(stay.room_revenue)}</td>
            <td className={NUM}>{format.money(stay.cleaning_fee)}</td>
            <td className={CELL}>{statusLabel(stay.status, t)}</td>
          </tr>
        ))}
      </StatementTable>

      {statement.invoices === null ? (
        <section>
          <h3 className="text-base font-semibold text-stone-900">{t('statement.invoices')}</h3>
          <p className="text-sm">{hidden}</p>
        </section>
      ) : (
        <StatementTable
          title={t('statement.invoices')}
          empty={t('statement.no_invoices')}
          count={statement.invoices.length}
          onExport={download(invoicesSheet(statement, exporter.context), 'invoices')}
          testId="statement-invoices"
          head={
            <tr>
              <th scope="col" className={`${HEAD} text-start`}>
                {t('statement.columns.number')}
              </th>
              <th scope="col" className={`${HEAD} text-start`}>
                {t('statement.columns.issue_date')}
              </th>
              <th scope="col" className={`${HEAD} text-start`}>
                {t('statement.columns.document_type')}
              </th>
              <th scope="col" className={`${HEAD} text-end`}>
                {t('statement.columns.subtotal')}
              </th>
              <th scope="col" className={`${HEAD} text-end`}>
                {t('statement.columns.vat')}
              </th>
              <th scope="col" className={`${HEAD} text-end`}>
                {t('statement.columns.total')}
              </th>
            </tr>
          }
        >
          {statement.invoices.map((invoice) => (
            <tr key={invoice.invoice_id} className="border-b border-stone-100 last:border-0">
              <th scope="row" className={`${CELL} text-start font-medium`}>
                <span dir="ltr">{invoice.invoice_number ?? '—'}</span>
              </th>
              <td className={CELL}>
                <DualDate value={invoice.issue_date.slice(0, 10)} stacked />
              </td>
              <td className={CELL}>{documentLabel(invoice.document_type, t)}</td>
              <td className={NUM}>{format.money(invoice.subtotal)}</td>
              <td className={NUM}>{format.money(invoice.vat)}</td>
              <td className={NUM}>{format.money(invoice.total)}</td>
            </tr>
          ))}
        </StatementTable>
      )}

      {statement.payments === null ? (
        <section>
          <h3 className="text-base font-semibold text-stone-900">{t('statement.payments')}</h3>
          <p className="text-sm">{hidden}</p>
        </section>
      ) : (
        <StatementTable
          title={t('statement.payments')}
          empty={t('statement.no_payments')}
          count={statement.payments.length}
          onExport={download(paymentsSheet(statement, exporter.context), 'payments')}
          testId="statement-payments"
          head={
            <tr>
              <th scope="col" className={`${HEAD} text-start`}>
                {t('statement.columns.paid_at')}
              </th>
              <th scope="col" className={`${HEAD} text-start`}>
                {t('statement.columns.method')}
              </th>
              <th scope="col" className={`${HEAD} text-end`}>
                {t('statement.columns.amount')}
              </th>
              <th scope="col" className={`${HEAD} text-start`}>
                {t('statement.columns.invoice')}
              </th>
            </tr>
          }
        >
          {statement.payments.map((payment) => (
            <tr key={payment.payment_id} className="border-b border-stone-100 last:border-0">
              <th scope="row" className={`${CELL} text-start font-normal`}>
                {formatDateTime(payment.paid_at, format.language, timeZone)}
              </th>
              <td className={CELL}>{payment.method}</td>
              <td className={NUM}>
                {payment.is_refund ? `${t('statement.columns.refund')}: ` : ''}
                {format.money(payment.is_refund ? -Math.abs(payment.amount) : payment.amount)}
              </td>
              <td className={CELL}>
                <span dir="ltr">{payment.invoice_number ?? '—'}</span>
              </td>
            </tr>
          ))}
        </StatementTable>
      )}

      <section
        className="break-inside-avoid-page rounded-xl border border-stone-200 bg-white p-4"
        data-testid="statement-totals"
      >
        <h3 className="mb-2 text-base font-semibold text-stone-900">{t('statement.totals.title')}</h3>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          {(
            [
              ['room_revenue', totals.room_revenue],
              ['cleaning_fees', totals.cleaning_fees],
              ['vat', totals.vat],
              ['invoiced_total', totals.invoiced_total],
              ['payments', totals.payments],
              ['refunds', totals.refunds],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="contents" data-testid={`statement-total-${key}`}>
              <dt className="text-stone-700">{t(`statement.totals.${key}`)}</dt>
              <dd className="text-end tabular-nums">{moneyOrHidden(value)}</dd>
            </div>
          ))}
          <div className="contents font-semibold" data-testid="statement-total-net">
            <dt className="border-t border-stone-200 pt-1 text-stone-900">{t('statement.totals.net')}</dt>
            <dd className="border-t border-stone-200 pt-1 text-end tabular-nums">{format.money(totals.net)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-stone-600">{t('statement.net_definition')}</p>
      </section>
    </article>
  );
}
