import { Cable } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useUnitChannels } from '../api/get-unit-channels';

/** The unit's channel (OTA) connections as stored, read-only; connecting platforms comes later. */
export function UnitChannelsPanel({ unitId }: { unitId: string }) {
  const { t } = useTranslation('units');
  const channels = useUnitChannels(unitId);
  const { timeZone } = useOrganizationSettings();
  if (channels.isPending) return <Skeleton className="h-24 w-full" />;
  if (channels.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('channels.error')}
      </p>
    );
  if (channels.data.length === 0) {
    return (
      <EmptyState
        icon={Cable}
        title={t('channels.not_configured')}
        description={t('channels.not_available')}
        data-testid="channels-not-configured"
      />
    );
  }
  const language = currentLanguage();
  return (
    <section className="grid gap-3" aria-label={t('channels.title')}>
      <ul className="grid gap-2">
        {channels.data.map((channel) => (
          <li
            key={channel.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-stone-200 px-3 py-2 text-sm"
          >
            <span className="font-medium" dir="auto">
              {channel.connection_name}
            </span>
            <Badge>{t(`channels.platforms.${channel.platform}`)}</Badge>
            <Badge variant="info">{t(`channels.statuses.${channel.status}`)}</Badge>
            <span className="text-stone-600">
              {channel.last_synced_at
                ? t('channels.last_synced', { date: formatDateTime(channel.last_synced_at, language, timeZone) })
                : t('channels.never_synced')}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-stone-600">{t('channels.not_available')}</p>
    </section>
  );
}
