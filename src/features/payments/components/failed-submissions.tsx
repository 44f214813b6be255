import { RotateCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { FailedSubmission } from '../api/get-einvoicing-overview';
import { useRetrySubmission } from '../api/retry-submission';
import { useFinanceFormat } from '../lib/use-finance-format';

function RetryButton({ submission }: { submission: FailedSubmission }) {
  const { t } = useTranslation('payments');
  const retry = useRetrySubmission();
  const number = submission.invoice_number ?? '';
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={retry.isPending}
      aria-label={t('compliance.failed.retry_label', { number })}
      onClick={() =>
        retry.mutate(submission.invoice_id, {
          onSuccess: () => toast.success(t('compliance.failed.retried', { number })),
        })
      }
      data-testid="retry-submission"
    >
      <RotateCw aria-hidden="true" className={retry.isPending ? 'animate-spin' : undefined} />
      {retry.isPending ? t('compliance.failed.retrying') : t('compliance.failed.retry')}
    </Button>
  );
}

/**
 * Documents ZATCA has not accepted: failed (network, ZATCA down, no certificate yet: retried
 * on their own) or rejected (ZATCA refused them: fix and send again), with ZATCA's messages
 * and a Retry that sends the document now.
 */
export function FailedSubmissions({ failed, canRetry }: { failed: FailedSubmission[]; canRetry: boolean }) {
  const { t } = useTranslation('payments');
  const format = useFinanceFormat();
  return (
    <section
      aria-labelledby="failed-heading"
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="failed-submissions"
    >
      <h3 id="failed-heading" className="mb-1 text-base font-semibold text-stone-900">
        {t('compliance.failed.title')}
      </h3>
      {failed.length === 0 ? (
        <p className="text-sm text-stone-600" data-testid="failed-none">
          {t('compliance.failed.none')}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-stone-600">{t('compliance.failed.description')}</p>
          <ul className="flex flex-col gap-3">
            {failed.map((submission) => (
              <li
                key={submission.invoice_id}
                className="rounded-lg border border-stone-200 p-3 text-sm"
                data-testid="failed-submission"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={paths.dashboard.invoice.getHref(submission.invoice_id)}
                      className="font-semibold text-primary-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
                      dir="ltr"
                    >
                      {submission.invoice_number ?? submission.invoice_id}
                    </Link>
                    <Badge variant={submission.status === 'rejected' ? 'danger' : 'warning'}>
                      {t(`compliance.counts.${submission.status}`)}
                    </Badge>
                    <span className="text-stone-600">
                      {t(`compliance.failed.kind.${submission.kind}`, { defaultValue: submission.kind })}
                    </span>
                  </div>
                  {canRetry ? <RetryButton submission={submission} /> : null}
                </div>
                <p className="mt-2 text-stone-700">
                  {t('compliance.failed.attempts', { count: submission.attempts })}
                  {submission.last_attempt_at
                    ? ` · ${t('compliance.failed.last_attempt', { when: format.instant(submission.last_attempt_at) })}`
                    : ''}
                  {submission.status === 'failed' && submission.next_attempt_at
                    ? ` · ${t('compliance.failed.next_attempt', { when: format.instant(submission.next_attempt_at) })}`
                    : ''}
                </p>
                {submission.errors.length > 0 || submission.last_error ? (
                  <ul className="mt-2 list-inside list-disc text-red-800" dir="auto">
                    {submission.errors.map((message, index) => (
                      <li key={index}>
                        {message.code ? (
                          <code className="me-1 font-mono text-xs" dir="ltr">
                            {message.code}
                          </code>
                        ) : null}
                        {message.message}
                      </li>
                    ))}
                    {submission.errors.length === 0 && submission.last_error ? <li>{submission.last_error}</li> : null}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
