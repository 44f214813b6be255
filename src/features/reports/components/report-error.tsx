import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';

/** A report that could not be loaded: what failed, the reason (SPEC §8 wording), and retry. */
export function ReportError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('reports');
  return <LoadError title={title} error={error} onRetry={onRetry} retryLabel={t('retry')} testId="report-error" />;
}
