import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDisconnectMessagingProvider } from '../api/disconnect-messaging-provider';
import { useTestMessagingProvider } from '../api/test-messaging-provider';
import type { MessagingProviders } from '../lib/messaging-provider-schema';
import { MessagingStatusBadge } from './messaging-status-badge';
import { ProviderActions } from './provider-actions';
import { ProviderTestResult } from './provider-test-result';
import { SmsForm } from './sms-form';
import { useFormatTime } from './use-format-time';

/**
 * Settings → Integrations → SMS: messages to guests without WhatsApp go by SMS, through Nuzl's
 * own Taqnyat account unless the organisation connects its own Taqnyat or Unifonic account.
 */
export function SmsCard({ settings, canWrite }: { settings: MessagingProviders | null; canWrite: boolean }) {
  const { t } = useTranslation('integrations');
  const formatTime = useFormatTime();
  const test = useTestMessagingProvider();
  const disconnect = useDisconnectMessagingProvider();
  const status = settings?.sms_status ?? 'platform';
  const ownAccount = status === 'active' || status === 'error';
  const gateway = settings?.sms_provider ?? 'taqnyat';
  return (
    <Card data-testid="integration-sms" aria-labelledby="integration-sms-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="integration-sms-title">{t('messaging.sms.title')}</CardTitle>
          <MessagingStatusBadge status={status} testId="sms-status" />
        </div>
        <CardDescription>{t('messaging.sms.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-stone-600">{t('messaging.sms.account')}</dt>
          <dd className="text-stone-900" data-testid="sms-account">
            {ownAccount
              ? t('messaging.sms.own_account', { gateway: t(`messaging.sms.gateways.${gateway}`) })
              : t('messaging.sms.platform_account')}
          </dd>
          <dt className="text-stone-600">{t('messaging.sms.sender')}</dt>
          <dd className="text-stone-900" data-testid="sms-sender">
            {settings?.sms_sender ? <bdi dir="ltr">{settings.sms_sender}</bdi> : t('messaging.sms.platform_sender')}
          </dd>
          <dt className="text-stone-600">{t('messaging.last_test')}</dt>
          <dd className="text-stone-900" data-testid="sms-last-test">
            {settings?.sms_tested_at ? formatTime(settings.sms_tested_at) : t('never')}
          </dd>
          {status === 'error' && settings?.sms_error ? (
            <>
              <dt className="text-stone-600">{t('messaging.last_error')}</dt>
              <dd dir="auto" className="text-red-800" data-testid="sms-error">
                {settings.sms_error}
              </dd>
            </>
          ) : null}
        </dl>
        {canWrite ? (
          <SmsForm
            key={`${gateway}-${settings?.sms_sender ?? ''}-${ownAccount}`}
            settings={settings}
            ownAccount={ownAccount}
            onSaved={() => test.reset()}
          />
        ) : null}
        {canWrite ? (
          <ProviderActions
            id="sms"
            canTest
            testing={test.isPending}
            onTest={() => test.mutate('sms')}
            canDisconnect={ownAccount}
            onDisconnect={() => disconnect.mutate('sms', { onSuccess: () => test.reset() })}
            labels={{
              test: t('messaging.test'),
              testing: t('messaging.testing'),
              disconnect: t('messaging.disconnect'),
              confirmTitle: t('messaging.sms.disconnect_title'),
              confirmDescription: t('messaging.sms.disconnect_description'),
            }}
          />
        ) : null}
        <ProviderTestResult error={test.error} ok={test.isSuccess} testId="sms-test-result" />
      </CardContent>
    </Card>
  );
}
