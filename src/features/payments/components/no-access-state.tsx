import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import type { PaymentsSection } from '../lib/payments-url';

/**
 * What a member whose role lacks the permission sees instead of a section: a plain sentence
 * (and who can change it), never empty tables or zeros that read like real figures.
 */
export function NoAccessState({ section }: { section: PaymentsSection | 'page' }) {
  const { t } = useTranslation('payments');
  return (
    <EmptyState
      icon={Lock}
      title={t('no_access.title')}
      description={
        <>
          <p>{t(`no_access.${section}`)}</p>
          <p className="mt-2">{t('no_access.ask_admin')}</p>
        </>
      }
      data-testid="payments-no-access"
    />
  );
}
