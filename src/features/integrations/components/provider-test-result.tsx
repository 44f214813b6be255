import { useTranslation } from 'react-i18next';
import { IntegrationError } from './integration-error';

/** After "Test connection": the refusal, or that it worked. */
export function ProviderTestResult({ error, ok, testId }: { error: unknown; ok: boolean; testId: string }) {
  const { t } = useTranslation('integrations');
  if (error) return <IntegrationError error={error} testId={testId} />;
  if (!ok) return null;
  return (
    <p
      role="status"
      data-testid={testId}
      className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
    >
      {t('messaging.test_ok')}
    </p>
  );
}
