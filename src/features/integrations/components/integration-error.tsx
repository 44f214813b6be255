import { useTranslation } from 'react-i18next';
import { AppError, getErrorMessage } from '@/lib/errors';
import { IntegrationRefusal } from '../api/integrations-invoke';

/** Database refusals of the messaging RPCs the tab words itself (integrations.json messaging.errors.*). */
const MESSAGING_HINTS = new Set(['whatsapp_number_taken']);

function messagingHint(error: unknown): string | null {
  const cause = error instanceof AppError ? error.cause : error;
  const hint = typeof cause === 'object' && cause !== null ? (cause as { hint?: unknown }).hint : undefined;
  return typeof hint === 'string' && MESSAGING_HINTS.has(hint) ? hint : null;
}

/** Why a test or save failed: the tab's own text for a known refusal, else the SPEC §8 sentence. */
export function IntegrationError({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation('integrations');
  const hint = messagingHint(error);
  const message =
    error instanceof IntegrationRefusal
      ? t(`errors.${error.code}`)
      : hint
        ? t(`messaging.errors.${hint}`)
        : getErrorMessage(error);
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
