import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getEnv } from '@/config/env';
import { useDisconnectMessagingProvider } from '../api/disconnect-messaging-provider';
import { useTestMessagingProvider } from '../api/test-messaging-provider';
import type { MessagingProviders } from '../lib/messaging-provider-schema';
import { CopyField } from './copy-field';
import { MessagingStatusBadge } from './messaging-status-badge';
import { ProviderActions } from './provider-actions';
import { ProviderTestResult } from './provider-test-result';
import { useFormatTime } from './use-format-time';
import { WhatsappForm } from './whatsapp-form';

/** Where Meta posts the number's incoming messages and receipts (the messaging function). */
function webhookUrl() {
  return `${getEnv().VITE_SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/messaging/webhooks/whatsapp`;
}

/**
 * Settings → Integrations → WhatsApp Business: the organisation's number on Meta's Cloud API.
 * Guests' messages arrive in the inbox through the webhook; automatic messages go by WhatsApp
 * when it is connected. Test connection asks Meta for the number; Disconnect forgets the token.
 */
export function WhatsappCard({ settings, canWrite }: { settings: MessagingProviders | null; canWrite: boolean }) {
  const { t } = useTranslation('integrations');
  const formatTime = useFormatTime();
  const test = useTestMessagingProvider();
  const disconnect = useDisconnectMessagingProvider();
  const status = settings?.whatsapp_status ?? 'not_connected';
  const connected = Boolean(settings?.whatsapp_phone_number_id);
  return (
    <Card data-testid="integration-whatsapp" aria-labelledby="integration-whatsapp-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="integration-whatsapp-title">{t('messaging.whatsapp.title')}</CardTitle>
          <MessagingStatusBadge status={status} testId="whatsapp-status" />
        </div>
        <CardDescription>{t('messaging.whatsapp.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-stone-600">{t('messaging.whatsapp.number')}</dt>
          <dd className="text-stone-900" data-testid="whatsapp-number">
            {settings?.whatsapp_display_phone || settings?.whatsapp_phone_number_id ? (
              <bdi dir="ltr">{settings.whatsapp_display_phone || settings.whatsapp_phone_number_id}</bdi>
            ) : (
              t('messaging.whatsapp.no_number')
            )}
          </dd>
          <dt className="text-stone-600">{t('messaging.last_test')}</dt>
          <dd className="text-stone-900" data-testid="whatsapp-last-test">
            {settings?.whatsapp_tested_at ? formatTime(settings.whatsapp_tested_at) : t('never')}
          </dd>
          {status === 'error' && settings?.whatsapp_error ? (
            <>
              <dt className="text-stone-600">{t('messaging.last_error')}</dt>
              <dd dir="auto" className="text-red-800" data-testid="whatsapp-error">
                {settings.whatsapp_error}
              </dd>
            </>
          ) : null}
        </dl>
        {canWrite ? (
          <div className="flex flex-col gap-1">
            <CopyField label={t('messaging.whatsapp.webhook_url')} value={webhookUrl()} testId="whatsapp-webhook-url" />
            <p className="text-xs text-stone-600">{t('messaging.whatsapp.webhook_hint')}</p>
          </div>
        ) : null}
        {canWrite ? (
          <WhatsappForm
            key={`${settings?.whatsapp_phone_number_id ?? 'new'}-${settings?.whatsapp_business_account_id ?? ''}`}
            settings={settings}
            onSaved={() => test.reset()}
          />
        ) : null}
        {canWrite ? (
          <ProviderActions
            id="whatsapp"
            canTest={connected}
            testing={test.isPending}
            onTest={() => test.mutate('whatsapp')}
            canDisconnect={connected}
            onDisconnect={() => disconnect.mutate('whatsapp', { onSuccess: () => test.reset() })}
            labels={{
              test: t('messaging.test'),
              testing: t('messaging.testing'),
              disconnect: t('messaging.disconnect'),
              confirmTitle: t('messaging.whatsapp.disconnect_title'),
              confirmDescription: t('messaging.whatsapp.disconnect_description'),
            }}
          />
        ) : null}
        <ProviderTestResult error={test.error} ok={test.isSuccess} testId="whatsapp-test-result" />
      </CardContent>
    </Card>
  );
}
