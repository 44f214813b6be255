import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/errors';
import { IntegrationRefusal } from '../api/integrations-invoke';

/** Why a test or save failed: the tab's own text for a known refusal, else the SPEC §8 sentence. */
export function IntegrationError({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation('integrations');
  const message = error instanceof IntegrationRefusal ? t(`errors.${error.code}`) : getErrorMessage(error);
  return (
    <p
      role="alert"
      data-testid={testId}
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      {message}
    </p>
  );
}
