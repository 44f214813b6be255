import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * SPEC §8 "Permission denied. Contact administrator.": what a member sees instead of a screen
 * their role may not open (a direct URL included), never an empty list that reads like data.
 */
export function PermissionDenied({
  description,
  titleAs = 'h1',
  'data-testid': testId = 'permission-denied',
}: {
  description?: string;
  /** h1 when it replaces the whole screen; h2 under a page's own header. */
  titleAs?: 'h1' | 'h2';
  'data-testid'?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={ShieldX}
      titleAs={titleAs}
      title={t('errors.permission_denied')}
      description={description ?? t('errors.permission_denied_description')}
      data-testid={testId}
    />
  );
}
