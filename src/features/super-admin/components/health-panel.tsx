import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { usePlatformHealth } from '../api/get-platform-health';
import { superAdminKeys } from '../api/keys';
import { useConsoleFormat } from '../lib/use-console-format';
import { PendingRefundsCard } from './pending-refunds-card';

/** Background queues, scheduled jobs and the database: what waits, what failed, and since when. */
export function HealthPanel() {
  const { t } = useTranslation('super-admin');
  const format = useConsoleFormat();
  const health = usePlatformHealth();
  const queryClient = useQueryClient();
  if (health.isPending) return <Spinner label={t('common:loading')} className="py-12" />;
  if (health.isError) return <EmptyState title={getErrorMessage(health.error)} data-testid="health-error" />;
  const { queues, cron_jobs: jobs, database } = health.data;
  const megabytes = database.size_bytes === null ? null : database.size_bytes / (1024 * 1024);
  return (
    <section aria-label={t('tabs.health')} className="flex flex-col gap-4" data-testid="health-panel">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <span>{t('health.checked_at', { date: format.dateTime(health.data.checked_at) })}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void health.refetch();
            void queryClient.invalidateQueries({ queryKey: superAdminKeys.pendingRefunds() });
          }}
          disabled={health.isFetching}
        >
          <RefreshCw aria-hidden="true" />
          {t('health.refresh')}
        </Button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {queues.map((queue) => (
          <li
            key={queue.key}
            className="rounded-xl border border-stone-200 bg-white p-4"
            data-testid={`queue-${queue.key}`}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium text-stone-700">{t(`health.queues.${queue.key}`)}</span>
              <Badge variant={queue.count === 0 ? 'success' : queue.key.includes('pending') ? 'warning' : 'danger'}>
                {format.number(queue.count)}
              </Badge>
            </div>
            <p className="mt-2 text-xs text-stone-500">
              {queue.oldest_at ? t('health.oldest', { date: format.dateTime(queue.oldest_at) }) : t('health.none')}
            </p>
          </li>
        ))}
      </ul>
      <PendingRefundsCard />
      <Card>
        <CardHeader>
          <CardTitle level={3}>{t('health.cron_title')}</CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {jobs === null ? (
            <p className="text-stone-600">{t('health.cron_unreadable')}</p>
          ) : jobs.length === 0 ? (
            <p className="text-stone-600">{t('health.cron_none')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-100" data-testid="cron-jobs">
              {jobs.map((job) => (
                <li key={job.name ?? job.schedule} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="font-medium" dir="ltr">
                    {job.name} <span className="text-stone-500">({job.schedule})</span>
                  </span>
                  <span className="text-xs text-stone-600">
                    {job.last_started_at
                      ? t('health.last_run', {
                          date: format.dateTime(job.last_started_at),
                          status: job.last_status ?? '—',
                        })
                      : t('health.never_run')}
                    {job.active ? '' : ` · ${t('health.inactive')}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={3}>{t('health.database_title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="database-rows">
            <div>
              <dt className="text-stone-500">{t('health.size')}</dt>
              <dd className="font-semibold">
                {megabytes === null ? '—' : t('health.megabytes', { size: format.number(Math.round(megabytes)) })}
              </dd>
            </div>
            {Object.entries(database.rows).map(([table, count]) => (
              <div key={table}>
                <dt className="text-stone-500">{t(`health.rows.${table}`, { defaultValue: table })}</dt>
                <dd className="font-semibold">{format.number(count)}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}
