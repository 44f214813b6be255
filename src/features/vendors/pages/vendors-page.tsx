import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { VendorMarketplace } from '../components/vendor-marketplace';

/** /dashboard/vendors: the marketplace for the organisation's staff. */
export function VendorsPage() {
  const { t } = useTranslation('vendors');
  const { organization, user } = useAuth();
  if (!organization || !user) return <Spinner label={t('title')} className="py-12" />;
  return <VendorMarketplace organizationId={organization.id} userId={user.id} />;
}
