import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';

/** A section that could not load: what failed, the SPEC §8 reason, and Try again. */
export function SectionError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('payments');
  return (
    <LoadError
      title={title}
      error={error}
      onRetry={onRetry}
      retryLabel={t('actions.retry')}
      testId="payments-section-error"
    />
  );
}
