import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getEnv } from '@/config/env';
import type { CreatedApiKey } from '../api/create-api-key';
import { useApiKeyPermissions } from '../api/get-api-key-permissions';
import { useApiKeys, type ApiKeyRow } from '../api/get-api-keys';
import { ApiKeyCreateForm } from './api-key-create-form';
import { ApiKeyList } from './api-key-list';
import { ApiKeyReveal } from './api-key-reveal';
import { ApiKeyRevokeDialog } from './api-key-revoke-dialog';
import { SecurityAlert } from './security-alert';
import { securityErrorReason } from './security-error';

/**
 * Settings → Security → API keys (SPEC §2, §3): create one with a name, see it once, list them,
 * revoke one. Only for api_keys.manage holders; anyone else sees why the button is off.
 */
export function ApiKeysCard() {
  const { t } = useTranslation('settings');
  const permissions = useApiKeyPermissions();
  const canManage = permissions.data?.canManage ?? false;
  const keys = useApiKeys({ enabled: canManage });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const apiUrl = `${getEnv().VITE_SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/api`;

  return (
    <Card data-testid="api-keys">
      <CardHeader>
        <CardTitle>{t('security.api_keys.title')}</CardTitle>
        <CardDescription>{t('security.api_keys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="flex flex-col items-start gap-1 text-sm text-stone-700">
          <span>{t('security.api_keys.address')}</span>
          <code dir="ltr" className="rounded bg-stone-100 px-1.5 py-0.5 text-xs break-all" data-testid="api-url">
            {apiUrl}
          </code>
        </p>
        {permissions.isPending ? <Spinner label={t('security.api_keys.loading')} /> : null}
        {permissions.error ? (
          <SecurityAlert
            title={t('security.api_keys.errors.load_failed')}
            reason={securityErrorReason(permissions.error, t)}
          />
        ) : null}
        {permissions.data && !canManage ? (
          <div className="flex flex-col gap-2">
            <Button className="self-start" disabled aria-describedby="api-keys-no-permission">
              {t('security.api_keys.create')}
            </Button>
            <p id="api-keys-no-permission" className="text-sm text-stone-600" data-testid="api-keys-no-permission">
              {t('security.api_keys.no_permission')}
            </p>
          </div>
        ) : null}
        {canManage ? (
          <>
            {created ? (
              <ApiKeyReveal created={created} onDone={() => setCreated(null)} />
            ) : (
              <ApiKeyCreateForm onCreated={setCreated} />
            )}
            {keys.isPending ? <Spinner label={t('security.api_keys.loading')} /> : null}
            {keys.error ? (
              <SecurityAlert
                title={t('security.api_keys.errors.load_failed')}
                reason={securityErrorReason(keys.error, t)}
              />
            ) : null}
            {keys.data?.length === 0 ? (
              <p className="text-sm text-stone-600" data-testid="api-keys-empty">
                {t('security.api_keys.empty')}
              </p>
            ) : null}
            {keys.data?.length ? <ApiKeyList keys={keys.data} onRevoke={setRevoking} /> : null}
            <ApiKeyRevokeDialog apiKey={revoking} onOpenChange={(open) => (open ? null : setRevoking(null))} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
