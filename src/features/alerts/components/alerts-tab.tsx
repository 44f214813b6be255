import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PermissionDenied } from '@/components/permission-denied';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useEvaluateMyAlerts } from '../api/evaluate-my-alerts';
import type { Alert } from '../lib/alert-schema';
import { useAlertFormat } from '../lib/use-alert-format';
import { AlertFormDialog } from './alert-form-dialog';
import { AlertHistory } from './alert-history';
import { AlertsList } from './alerts-list';

/**
 * The Alerts tab of /dashboard/reports (issue 17): the financial alerts (create, edit, switch,
 * delete), "Check now", and the history with acknowledge. automations.read sees it;
 * automations.write changes it; without either, PermissionDenied.
 */
export function AlertsTab() {
  const { t } = useTranslation('alerts');
  const { status, can } = usePermissions();
  const format = useAlertFormat();
  const canRead = can('automations.read');
  const canWrite = can('automations.write');
  const check = useEvaluateMyAlerts();
  // undefined: closed; null: a new alert; an alert: that one.
  const [editing, setEditing] = useState<Alert | null | undefined>(undefined);
  if (status === 'pending') return <Spinner label={t('loading')} />;
  if (!canRead) return <PermissionDenied titleAs="h2" />;

  const checkNow = () =>
    check.mutate(undefined, {
      onSuccess: ({ fired }) =>
        toast.success(
          fired > 0
            ? t('check.fired', { count: fired, formatted: formatNumber(fired, format.language) })
            : t('check.none'),
        ),
    });

  return (
    <div className="flex flex-col gap-6" data-testid="alerts-tab">
      <section aria-labelledby="alerts-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h2 id="alerts-title" className="text-lg font-semibold text-stone-900">
              {t('title')}
            </h2>
            <p className="text-sm text-stone-600">{t('intro')}</p>
          </div>
          {canWrite ? (
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={checkNow}
                disabled={check.isPending}
                data-testid="alerts-check-now"
              >
                {check.isPending ? t('check.running') : t('check.button')}
              </Button>
              <Button type="button" onClick={() => setEditing(null)} data-testid="alert-new">
                {t('new')}
              </Button>
            </div>
          ) : null}
        </div>
        {!canWrite ? (
          <p className="text-sm text-stone-700" data-testid="alerts-read-only">
            {t('read_only')}
          </p>
        ) : null}
        <AlertsList canWrite={canWrite} onEdit={setEditing} />
      </section>
      <AlertHistory canWrite={canWrite} />
      {editing !== undefined && canWrite ? (
        <AlertFormDialog
          open
          onOpenChange={(open) => (open ? null : setEditing(undefined))}
          alert={editing ?? undefined}
        />
      ) : null}
    </div>
  );
}
