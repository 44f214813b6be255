import { Cable } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useChannelConnections } from '../api/channel-get-connections';
import { UnitChannelsConnection } from './unit-channels-connection';

/**
 * The unit's channel connections (issue 15): per connection the platform's calendar address to
 * import, our export address to give the platform, "Sync now" and the sync log with conflicts.
 * Adding or removing connections is Settings → OTA connections.
 */
export function UnitChannelsPanel({ unitId }: { unitId: string }) {
  const { t } = useTranslation(['channels', 'units']);
  const connections = useChannelConnections(unitId);
  if (connections.isPending) return <Skeleton className="h-24 w-full" />;
  if (connections.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('units:channels.error')}
      </p>
    );
  if (connections.data.length === 0) {
    return (
      <EmptyState
        icon={Cable}
        title={t('units:channels.not_configured')}
        description={t('empty_hint')}
        data-testid="channels-not-configured"
      />
    );
  }
  return (
    <section className="grid gap-3" aria-label={t('units:channels.title')}>
      <p className="text-sm text-stone-600">{t('intro')}</p>
      <ul className="grid gap-3">
        {connections.data.map((connection) => (
          <UnitChannelsConnection key={connection.id} unitId={unitId} connection={connection} />
        ))}
      </ul>
    </section>
  );
}
