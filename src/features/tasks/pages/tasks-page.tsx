import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { StaffTasksView } from '../components/staff-tasks-view';
import { VendorTasksView } from '../components/vendor-tasks-view';

/** /dashboard/tasks: the organisation's board for staff, the assigned work for a vendor user. */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const { profile, organization, user } = useAuth();
  if (!profile || !user) return <Spinner label={t('title')} className="py-12" />;
  if (profile.kind === 'vendor') return <VendorTasksView userId={user.id} />;
  if (!organization) return <Spinner label={t('title')} className="py-12" />;
  return <StaffTasksView organizationId={organization.id} userId={user.id} />;
}
