import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/errors';

/** A report that could not be loaded: what failed, the reason (SPEC §8 wording), and retry. */
export function ReportError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('reports');
  return (
    <div role="alert" className="rounded-md bg-red-50 p-4 text-red-800" data-testid="report-error">
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{getErrorMessage(error)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
