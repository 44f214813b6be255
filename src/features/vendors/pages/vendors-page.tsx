import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { VendorMarketplace } from '../components/vendor-marketplace';

/** /dashboard/vendors: the marketplace for the organisation's staff. */
export function VendorsPage() {
  const { t } = useTranslation('vendors');
  const { organization, user, accountStatus } = useAuth();
  // The platform administrator has no organisation: say so rather than load for ever.
  if (accountStatus === 'ready' && !organization) {
    return (
      <>
        <PageHeader title={t('title')} description={t('description')} />
        <EmptyState title={t('common:errors.organization_required')} />
      </>
    );
  }
  if (!organization || !user) return <Spinner label={t('title')} className="py-12" />;
  return <VendorMarketplace organizationId={organization.id} userId={user.id} />;
}
