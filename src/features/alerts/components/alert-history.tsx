import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useAcknowledgeAlertEvent } from '../api/acknowledge-alert-event';
import type { AlertEventFilter } from '../api/keys';
import { useAlertEvents } from '../api/get-alert-events';
import type { AlertEvent } from '../lib/alert-schema';
import { subjectLink } from '../lib/subject-link';
import { useAlertFormat } from '../lib/use-alert-format';
import { SeverityBadge } from './severity-badge';

const FILTERS: AlertEventFilter[] = ['open', 'acknowledged', 'all'];

/** What fired, newest first: value against threshold, the subject, still true or resolved, acknowledge. */
export function AlertHistory({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('alerts');
  const [filter, setFilter] = useState<AlertEventFilter>('open');
  const events = useAlertEvents(filter);
  const rows = events.data ?? [];

  return (
    <section aria-labelledby="alert-history-title" className="flex flex-col gap-3" data-testid="alert-history">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id="alert-history-title" className="text-base font-semibold text-stone-900">
          {t('history.title')}
        </h3>
        <Field label={t('history.filter')} compact>
          <Select
            value={filter}
            onChange={(event) => setFilter(event.target.value as AlertEventFilter)}
            data-testid="alert-history-filter"
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`history.filters.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {events.isPending ? <Spinner label={t('loading')} /> : null}
      {events.error ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(events.error)}
        </p>
      ) : null}
      {events.data && rows.length === 0 ? <EmptyState title={t(`history.empty.${filter}`)} titleAs="h3" /> : null}
      {rows.length > 0 ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {rows.map((event) => (
            <AlertEventRow key={event.id} event={event} canWrite={canWrite} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One fired alert; also the dashboard card's row. */
export function AlertEventRow({
  event,
  canWrite,
  compact = false,
}: {
  event: AlertEvent;
  canWrite: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation('alerts');
  const format = useAlertFormat();
  const acknowledge = useAcknowledgeAlertEvent();
  const type = event.alert?.type;
  const name = event.alert ? format.name(event.alert) : t('history.deleted_alert');
  const subject = format.language === 'ar' ? (event.subject_label_ar ?? event.subject_label) : event.subject_label;
  const href = subjectLink(event);
  const subjectText = subject ? t(`subject.${event.subject_type}`, { name: subject, defaultValue: subject }) : null;

  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start" data-testid="alert-event">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <bdi className="font-medium text-stone-900">{name}</bdi>
          <SeverityBadge severity={event.severity} />
          {event.acknowledged_at ? (
            <Badge variant="success">{t('history.acknowledged')}</Badge>
          ) : event.resolved_at ? (
            <Badge variant="neutral">{t('history.resolved')}</Badge>
          ) : null}
        </div>
        {type ? (
          <p className="mt-1 text-sm text-stone-700" data-testid="alert-event-value">
            {t('history.value_vs_threshold', {
              value: format.measure(type, event.value),
              threshold: format.measure(type, event.threshold),
            })}
          </p>
        ) : null}
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-stone-600">
          <span>{t('history.fired', { when: format.when(event.fired_at) })}</span>
          {subjectText ? (
            href ? (
              <Link
                to={href}
                className="text-primary-800 underline underline-offset-2"
                data-testid="alert-event-subject"
              >
                <bdi>{subjectText}</bdi>
              </Link>
            ) : (
              <bdi>{subjectText}</bdi>
            )
          ) : null}
          {!compact && event.resolved_at ? (
            <span>{t('history.resolved_at', { when: format.when(event.resolved_at) })}</span>
          ) : null}
        </p>
      </div>
      {canWrite && !event.acknowledged_at ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={acknowledge.isPending}
          onClick={() => acknowledge.mutate(event.id)}
          aria-label={t('history.acknowledge_named', { name })}
          data-testid="alert-acknowledge"
        >
          {t('history.acknowledge')}
        </Button>
      ) : null}
    </li>
  );
}
