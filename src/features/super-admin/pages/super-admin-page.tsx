import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NotReadyState } from '@/components/not-ready-state';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/**
 * The platform's own administration, for the super administrator (profile kind 'platform') only:
 * anyone else signed in is told so, rather than shown a console that is not theirs (the
 * database refuses them its data anyway).
 */
export function SuperAdminPage() {
  const { t } = useTranslation('super-admin');
  const { profile, accountStatus } = useAuth();
  const header = <PageHeader title={t('title')} description={t('description')} />;
  if (accountStatus === 'idle' || accountStatus === 'loading') {
    return (
      <>
        {header}
        <Spinner label={t('common:loading')} className="py-12" />
      </>
    );
  }
  if (profile?.kind !== 'platform') {
    return (
      <>
        {header}
        <EmptyState icon={ShieldX} title={t('common:errors.permission_denied')} data-testid="super-admin-denied" />
      </>
    );
  }
  return (
    <>
      {header}
      <NotReadyState />
    </>
  );
}
