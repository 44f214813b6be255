import { useTranslation } from 'react-i18next';
import { PermissionDenied } from '@/components/permission-denied';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/auth';
import { useIntegrations } from '../api/get-integrations';
import { useMessagingProviders } from '../api/get-messaging-providers';
import { ChannelSyncCard } from './channel-sync-card';
import { EmailCard } from './email-card';
import { IntegrationError } from './integration-error';
import { SmsCard } from './sms-card';
import { TtlockCard } from './ttlock-card';
import { WhatsappCard } from './whatsapp-card';

/**
 * Settings → Integrations (SPEC §2, §3 Integration): one card per provider the organisation
 * connects — the TTLock lock account, the channels' iCal sync, and the guest messaging providers
 * (WhatsApp Business, SMS; e-mail needs no setup). integrations.read sees them
 * read-only (and why); without it, PermissionDenied.
 */
export function IntegrationsTab() {
  const { t } = useTranslation('integrations');
  const { status, can } = usePermissions();
  const canRead = can('integrations.read');
  const canWrite = can('integrations.write');
  const integrations = useIntegrations({ enabled: canRead });
  const messaging = useMessagingProviders({ enabled: canRead });
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
      {messaging.error ? <IntegrationError error={messaging.error} /> : null}
      {messaging.isSuccess ? (
        <ul className="grid gap-4" aria-label={t('messaging.providers')}>
          <li>
            <WhatsappCard settings={messaging.data} canWrite={canWrite} />
          </li>
          <li>
            <SmsCard settings={messaging.data} canWrite={canWrite} />
          </li>
          <li>
            <EmailCard />
          </li>
        </ul>
      ) : null}
    </div>
  );
}
