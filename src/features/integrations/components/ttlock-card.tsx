import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDisconnectLockIntegration } from '../api/disconnect-lock-integration';
import { useTestLockIntegration } from '../api/test-lock-integration';
import type { Integration } from '../lib/integration-schema';
import { IntegrationError } from './integration-error';
import { IntegrationStatusBadge } from './integration-status-badge';
import { ProviderActions } from './provider-actions';
import { TtlockAccountForm } from './ttlock-account-form';
import { useFormatTime } from './use-format-time';

/**
 * Settings → Integrations → TTLock: the organisation's one lock account, used by every unit
 * without an account of its own. Test connection signs in afresh; Disconnect forgets the secrets.
 */
export function TtlockCard({ integration, canWrite }: { integration: Integration | undefined; canWrite: boolean }) {
  const { t } = useTranslation('integrations');
  const formatTime = useFormatTime();
  const test = useTestLockIntegration();
  const disconnect = useDisconnectLockIntegration();
  const status = integration?.status ?? 'setup_required';
  const configured = integration?.credentials_configured ?? false;
  const username = typeof integration?.settings?.username === 'string' ? integration.settings.username : '';
  return (
    <Card data-testid="integration-ttlock" aria-labelledby="integration-ttlock-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="integration-ttlock-title">{t('ttlock.title')}</CardTitle>
          <IntegrationStatusBadge status={status} testId="ttlock-status" />
        </div>
        <CardDescription>{t('ttlock.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-stone-600">{t('ttlock.account')}</dt>
          <dd dir="auto" className="text-stone-900" data-testid="ttlock-username">
            {configured && username ? username : t('ttlock.no_account')}
          </dd>
          <dt className="text-stone-600">{t('ttlock.last_test')}</dt>
          <dd className="text-stone-900" data-testid="ttlock-last-test">
            {integration?.last_sync_at && status === 'active' ? formatTime(integration.last_sync_at) : t('never')}
          </dd>
        </dl>
        {canWrite ? (
          <TtlockAccountForm
            key={`${integration?.id ?? 'new'}-${configured}`}
            username={username}
            secretsStored={configured}
            onSaved={() => test.reset()}
          />
        ) : null}
        {canWrite ? (
          <ProviderActions
            id="ttlock"
            canTest={configured}
            testing={test.isPending}
            onTest={() => test.mutate()}
            canDisconnect={configured}
            onDisconnect={() => disconnect.mutate(undefined, { onSuccess: () => test.reset() })}
            labels={{
              test: t('ttlock.test'),
              testing: t('ttlock.testing'),
              disconnect: t('ttlock.disconnect'),
              confirmTitle: t('ttlock.disconnect_title'),
              confirmDescription: t('ttlock.disconnect_description'),
            }}
          />
        ) : null}
        {test.error ? <IntegrationError error={test.error} testId="ttlock-test-result" /> : null}
        {test.data && !test.error ? (
          <p
            role="status"
            data-testid="ttlock-test-result"
            className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            {t('ttlock.test_ok', { count: test.data.locks })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
