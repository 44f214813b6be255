import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { OtaConnection } from '../../api/ota-connection-get-all';

const VARIANT = {
  active: 'success',
  connected: 'info',
  pending: 'info',
  setup_required: 'warning',
  disconnected: 'neutral',
} as const satisfies Record<OtaConnection['status'], 'success' | 'info' | 'warning' | 'neutral'>;

/**
 * The status the database derives (20261129100000_ota_connection_status.sql) with one line on
 * what it means and what to do; a failed last sync is shown under it without changing it.
 */
export function OtaConnectionStatus({ connection }: { connection: OtaConnection }) {
  const { t } = useTranslation(['channels', 'units']);
  return (
    <div className="grid gap-1">
      <Badge variant={VARIANT[connection.status]} className="w-fit" data-testid="ota-connection-status">
        {t(`units:channels.statuses.${connection.status}`)}
      </Badge>
      <p className="text-xs text-stone-600">{t(`ota.status_help.${connection.status}`)}</p>
      {connection.last_error ? (
        <p className="text-xs text-red-800" dir="auto">
          {t('ota.last_error', { error: connection.last_error })}
        </p>
      ) : null}
    </div>
  );
}
