import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * What a screen shows until it is built: an honest statement, never sample numbers that
 * could be mistaken for the organisation's data.
 */
export function NotReadyState({ details }: { details?: string }) {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={Hammer}
      title={t('not_ready.title')}
      description={
        <>
          {details ? <p className="mb-2">{details}</p> : null}
          <p>{t('not_ready.description')}</p>
        </>
      }
      data-testid="not-ready"
    />
  );
}
