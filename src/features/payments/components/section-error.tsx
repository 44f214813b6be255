import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/errors';

/** A section that could not load: what failed, the SPEC §8 reason, and Try again. */
export function SectionError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('payments');
  return (
    <div role="alert" className="rounded-md bg-red-50 p-4 text-red-800" data-testid="payments-section-error">
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{getErrorMessage(error)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
