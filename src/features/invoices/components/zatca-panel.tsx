import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { InvoiceDetail } from '../api/rpc-schemas';
import { useInvoiceFormat } from '../lib/use-money';
import { ZatcaStatusBadge } from './status-badges';

function errorsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) =>
    typeof item === 'object' && item !== null && 'message' in item
      ? String((item as { code?: string }).code ?? '') + ' ' + String((item as { message: unknown }).message)
      : String(item),
  );
}

/** Where the document stands with ZATCA: status, counter, hash, and each submission's attempts. */
export function ZatcaPanel({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const zatca = invoice.zatca;
  return (
    <Card data-testid="zatca-panel">
      <CardHeader>
        <CardTitle>{t('page.zatca')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-stone-600">{t('page.zatca_status')}</dt>
          <dd>
            <ZatcaStatusBadge status={zatca.status} />
          </dd>
          {zatca.invoice_counter !== null ? (
            <>
              <dt className="text-stone-600">{t('page.zatca_counter')}</dt>
              <dd dir="ltr" className="text-start tabular-nums">
                {zatca.invoice_counter}
              </dd>
            </>
          ) : null}
          {zatca.invoice_hash ? (
            <>
              <dt className="text-stone-600">{t('page.zatca_hash')}</dt>
              <dd dir="ltr" className="font-mono text-xs break-all">
                {zatca.invoice_hash}
              </dd>
            </>
          ) : null}
          {zatca.uuid ? (
            <>
              <dt className="text-stone-600">{t('page.zatca_uuid')}</dt>
              <dd dir="ltr" className="font-mono text-xs break-all">
                {zatca.uuid}
              </dd>
            </>
          ) : null}
          {zatca.submitted_at ? (
            <>
              <dt className="text-stone-600">{t('page.zatca_submitted')}</dt>
              <dd>{format.dateTime(zatca.submitted_at)}</dd>
            </>
          ) : null}
        </dl>
        <h3 className="font-semibold">{t('page.submissions')}</h3>
        {zatca.submissions.length === 0 ? <p className="text-stone-600">{t('page.no_submissions')}</p> : null}
        <ul className="flex flex-col gap-2">
          {zatca.submissions.map((submission) => (
            <li key={submission.id} className="rounded-md border border-stone-200 p-2" data-testid="zatca-submission">
              <div className="flex items-center justify-between gap-2">
                <ZatcaStatusBadge status={submission.status} />
                <span className="text-xs text-stone-600">{t('page.attempts', { count: submission.attempts })}</span>
              </div>
              {submission.last_attempt_at ? (
                <div className="text-xs text-stone-600">{format.dateTime(submission.last_attempt_at)}</div>
              ) : null}
              {submission.last_error ? <p className="text-xs text-red-700">{submission.last_error}</p> : null}
              {[...errorsOf(submission.errors), ...errorsOf(submission.warnings)].map((message, index) => (
                <p key={index} dir="ltr" className="text-xs text-stone-700">
                  {message}
                </p>
              ))}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
