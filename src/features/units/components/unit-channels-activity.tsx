import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useChannelActivity } from '../api/channel-get-activity';

/** A connection's sync log (last five runs with their counts or error) and the events in conflict. */
export function UnitChannelsActivity({ unitId, connectionId }: { unitId: string; connectionId: string }) {
  const { t } = useTranslation('channels');
  const activity = useChannelActivity(unitId, connectionId);
  const { timeZone } = useOrganizationSettings();
  const language = currentLanguage();
  if (activity.isPending) return <Skeleton className="h-16 w-full" />;
  if (activity.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('log.error')}
      </p>
    );
  }
  const { runs, conflicts } = activity.data;
  const n = (value: number) => formatNumber(value, language);
  return (
    <div className="grid gap-3">
      {conflicts.length > 0 ? (
        <section aria-label={t('conflicts.title')} className="rounded-md border border-amber-300 bg-amber-50 p-3">
          <h4 className="text-sm font-semibold text-amber-900">
            {t('conflicts.title')} ({n(conflicts.length)})
          </h4>
          <p className="text-sm text-amber-900">{t('conflicts.explain')}</p>
          <ul className="mt-2 grid gap-1 text-sm" data-testid="channel-conflicts">
            {conflicts.map((c) => (
              <li key={c.uid}>
                {t('conflicts.item', {
                  from: formatDate(c.check_in, language),
                  to: formatDate(c.check_out, language),
                })}
                {c.summary ? (
                  <span className="ms-1 text-stone-600" dir="auto">
                    — {c.summary}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-label={t('log.title')}>
        <h4 className="text-sm font-semibold text-stone-800">{t('log.title')}</h4>
        {runs.length === 0 ? (
          <p className="text-sm text-stone-600">{t('log.empty')}</p>
        ) : (
          <ul className="mt-1 grid gap-1 text-sm" data-testid="channel-sync-log">
            {runs.map((run) => (
              <li key={run.id} className="flex flex-wrap items-center gap-2">
                <span className="text-stone-600">{formatDateTime(run.started_at, language, timeZone)}</span>
                <Badge variant="neutral">{t(`log.triggers.${run.trigger === 'manual' ? 'manual' : 'schedule'}`)}</Badge>
                {run.finished_at === null ? (
                  <Badge variant="info">{t('log.running')}</Badge>
                ) : run.error ? (
                  <>
                    <Badge variant="danger">{t('log.failed')}</Badge>
                    <span className="text-red-800" dir="auto">
                      {run.error}
                    </span>
                  </>
                ) : (
                  <span>
                    {t('log.counts', {
                      created: n(run.created_count),
                      updated: n(run.updated_count),
                      cancelled: n(run.cancelled_count),
                      conflicts: n(run.conflict_count),
                    })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
