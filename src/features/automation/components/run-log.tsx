import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrganizationSettings } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { Language } from '@/lib/i18n';
import { useAutomationRuns } from '../api/get-automation-runs';
import type { AutomationRun } from '../lib/automation-schema';
import { useAutomationName } from '../lib/default-names';

const OUTCOME_BADGE = { succeeded: 'success', failed: 'danger', skipped: 'neutral' } as const;

/** The latest runs: when, which rule, the outcome, why it failed or was skipped, links to what it was about and made. */
export function RunLog() {
  const { t, i18n } = useTranslation('automation');
  const displayName = useAutomationName();
  const language = i18n.language as Language;
  const { timeZone } = useOrganizationSettings();
  const runs = useAutomationRuns();
  const rows = runs.data ?? [];

  const links = (run: AutomationRun) => {
    const items: Array<{ href: string; label: string; testId: string }> = [];
    if (run.booking_id)
      items.push({
        href: `${paths.dashboard.section('bookings')}?booking=${run.booking_id}`,
        label: t('log.booking'),
        testId: 'run-booking-link',
      });
    if (run.created_task_id)
      items.push({
        href: `${paths.dashboard.section('tasks')}?task=${run.created_task_id}`,
        label: t('log.created_task'),
        testId: 'run-task-link',
      });
    if (run.created_invoice_id)
      items.push({
        href: paths.dashboard.invoice.getHref(run.created_invoice_id),
        label: t('log.created_invoice'),
        testId: 'run-invoice-link',
      });
    if (run.invoice_id && !run.created_invoice_id)
      items.push({
        href: paths.dashboard.invoice.getHref(run.invoice_id),
        label: t('log.invoice'),
        testId: 'run-invoice',
      });
    if (run.task_id)
      items.push({
        href: `${paths.dashboard.section('tasks')}?task=${run.task_id}`,
        label: t('log.task'),
        testId: 'run-subject-task',
      });
    return items;
  };

  return (
    <section aria-labelledby="automation-log-title" className="flex flex-col gap-3" data-testid="automation-log">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="automation-log-title" className="text-base font-semibold text-stone-900">
            {t('log.title')}
          </h3>
          <p className="text-sm text-stone-600">{t('log.intro')}</p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void runs.refetch()}
          disabled={runs.isFetching}
        >
          {t('log.refresh')}
        </Button>
      </div>
      {runs.isPending ? <Spinner label={t('loading')} /> : null}
      {runs.error ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(runs.error)}
        </p>
      ) : null}
      {runs.data && rows.length === 0 ? <EmptyState title={t('log.empty')} /> : null}
      {rows.length > 0 ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {rows.map((run) => (
            <li
              key={run.id}
              className="flex flex-col gap-1 p-3"
              data-testid="automation-run-row"
              data-outcome={run.outcome}
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={OUTCOME_BADGE[run.outcome]}>{t(`outcomes.${run.outcome}`)}</Badge>
                <bdi className="font-medium text-stone-900">
                  {run.rule ? displayName(run.rule.name) : t('log.deleted_rule')}
                </bdi>
                <span className="text-xs text-stone-600">
                  {t(`triggers.${run.trigger}`, { defaultValue: run.trigger })} ·{' '}
                  {formatDateTime(run.created_at, language, timeZone)}
                </span>
              </div>
              {run.error ? (
                <p dir="auto" className="text-sm text-red-800" data-testid="run-error">
                  {run.error}
                </p>
              ) : null}
              {run.notified !== null ? (
                <p className="text-sm text-stone-700">
                  {t('log.notified', { count: run.notified, formatted: formatNumber(run.notified, language) })}
                </p>
              ) : null}
              {run.created_message_id ? <p className="text-sm text-stone-700">{t('log.message_queued')}</p> : null}
              {links(run).length > 0 ? (
                <p className="flex flex-wrap gap-3 text-sm">
                  {links(run).map((link) => (
                    <Link
                      key={link.testId}
                      to={link.href}
                      className="text-primary-700 underline"
                      data-testid={link.testId}
                    >
                      {link.label}
                    </Link>
                  ))}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
