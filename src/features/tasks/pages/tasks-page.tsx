import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { StaffTasksView } from '../components/staff-tasks-view';
import { VendorTasksView } from '../components/vendor-tasks-view';

/** /dashboard/tasks: the organisation's board for staff, the assigned work for a vendor user. */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const { profile, organization, user, accountStatus } = useAuth();
  if (!profile || !user) return <Spinner label={t('title')} className="py-12" />;
  if (profile.kind === 'vendor') return <VendorTasksView userId={user.id} />;
  // The platform administrator has no organisation: say so rather than load for ever.
  if (accountStatus === 'ready' && !organization) {
    return (
      <>
        <PageHeader title={t('title')} description={t('description')} />
        <EmptyState title={t('common:errors.organization_required')} />
      </>
    );
  }
  if (!organization) return <Spinner label={t('title')} className="py-12" />;
  return <StaffTasksView organizationId={organization.id} userId={user.id} />;
}
