import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useDeleteAlert } from '../api/delete-alert';
import { useAlerts } from '../api/get-alerts';
import { useSetAlertActive } from '../api/save-alert';
import type { Alert } from '../lib/alert-schema';
import { useAlertFormat } from '../lib/use-alert-format';
import { SeverityBadge } from './severity-badge';

/**
 * The organisation's alerts: type, threshold in its unit, frequency, severity, on/off and when it
 * last fired. automations.write switches, edits and deletes (after a confirmation); others read.
 */
export function AlertsList({ canWrite, onEdit }: { canWrite: boolean; onEdit: (alert: Alert) => void }) {
  const { t } = useTranslation('alerts');
  const format = useAlertFormat();
  const alerts = useAlerts();
  const setActive = useSetAlertActive();
  const remove = useDeleteAlert();
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const rows = alerts.data ?? [];

  if (alerts.isPending) return <Spinner label={t('loading')} />;
  if (alerts.error)
    return (
      <p role="alert" className="text-sm text-red-800">
        {getErrorMessage(alerts.error)}
      </p>
    );
  if (rows.length === 0) return <EmptyState title={t('list.empty')} description={t('list.empty_hint')} titleAs="h3" />;

  return (
    <>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white" data-testid="alerts-list">
        {rows.map((alert) => {
          const name = format.name(alert);
          return (
            <li key={alert.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start" data-testid="alert-row">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <bdi className="font-medium text-stone-900">{name}</bdi>
                  <SeverityBadge severity={alert.severity} />
                </div>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-stone-600">
                  <dt>{t('list.type')}</dt>
                  <dd className="text-stone-800">{t(`types.${alert.type}.label`)}</dd>
                  <dt>{t('list.threshold')}</dt>
                  <dd className="text-stone-800" data-testid="alert-threshold-text">
                    {t(`types.${alert.type}.condition`, { threshold: format.measure(alert.type, alert.threshold) })}
                    {alert.type === 'low_occupancy' && alert.window_days
                      ? ` · ${t('list.window', { count: alert.window_days, formatted: format.number(alert.window_days) })}`
                      : null}
                  </dd>
                  <dt>{t('list.frequency')}</dt>
                  <dd className="text-stone-800">{t(`frequency.${alert.frequency}`)}</dd>
                  <dt>{t('list.last_fired')}</dt>
                  <dd className="text-stone-800">
                    {alert.last_triggered_at ? format.when(alert.last_triggered_at) : t('list.never')}
                  </dd>
                </dl>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <label className="flex items-center gap-2 text-sm text-stone-800">
                  <input
                    type="checkbox"
                    role="switch"
                    className="size-4 accent-primary-700"
                    checked={alert.is_active}
                    aria-checked={alert.is_active}
                    disabled={!canWrite || setActive.isPending}
                    onChange={(event) => setActive.mutate({ id: alert.id, active: event.target.checked })}
                    aria-label={t('list.active_named', { name })}
                    data-testid="alert-toggle"
                  />
                  {t(alert.is_active ? 'list.active' : 'list.inactive')}
                </label>
                {canWrite ? (
                  <>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={t('list.edit_named', { name })}
                      onClick={() => onEdit(alert)}
                    >
                      {t('list.edit')}
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={t('list.delete_named', { name })}
                      onClick={() => setDeleting(alert)}
                    >
                      {t('list.delete')}
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('list.delete_title', { name: deleting ? format.name(deleting) : '' })}
        description={t('list.delete_description')}
        confirmLabel={t('list.delete')}
        destructive
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}
