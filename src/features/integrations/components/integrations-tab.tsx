import { useTranslation } from 'react-i18next';
import { PermissionDenied } from '@/components/permission-denied';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/auth';
import { useIntegrations } from '../api/get-integrations';
import { ChannelSyncCard } from './channel-sync-card';
import { IntegrationError } from './integration-error';
import { TtlockCard } from './ttlock-card';

/**
 * Settings → Integrations (SPEC §2, §3 Integration): one card per provider the organisation
 * connects — the TTLock lock account and the channels' iCal sync. integrations.read sees them
 * read-only (and why); without it, PermissionDenied.
 */
export function IntegrationsTab() {
  const { t } = useTranslation('integrations');
  const { status, can } = usePermissions();
  const canRead = can('integrations.read');
  const canWrite = can('integrations.write');
  const integrations = useIntegrations({ enabled: canRead });
  if (status === 'pending') return <Spinner label={t('loading')} />;
  if (!canRead) return <PermissionDenied titleAs="h2" />;
  return (
    <div className="flex flex-col gap-4" data-testid="integrations-tab">
      <p className="text-sm text-stone-600">{t('intro')}</p>
      {!canWrite ? (
        <p className="text-sm text-stone-700" data-testid="integrations-read-only">
          {t('read_only')}
        </p>
      ) : null}
      {integrations.isPending ? <Spinner label={t('loading')} /> : null}
      {integrations.error ? <IntegrationError error={integrations.error} /> : null}
      {integrations.data ? (
        <ul className="grid gap-4" aria-label={t('providers')}>
          <li>
            <TtlockCard integration={integrations.data.ttlock} canWrite={canWrite} />
          </li>
          <li>
            <ChannelSyncCard integration={integrations.data.ical} canWrite={canWrite} />
          </li>
        </ul>
      ) : null}
    </div>
  );
}
