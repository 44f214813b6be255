import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { useDashboardOverview } from '../api/get-dashboard-overview';
import { LicenceAttention } from '../components/licence-attention';
import { QuickActions } from '../components/quick-actions';
import { RecentBookings } from '../components/recent-bookings';
import { StatCards } from '../components/stat-cards';
import { UpcomingTasks } from '../components/upcoming-tasks';

function Overview({ organizationId, alertsCard }: { organizationId: string; alertsCard?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const overview = useDashboardOverview(organizationId);
  if (overview.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (overview.isError) {
    return (
      <EmptyState
        title={t('error_title')}
        description={getErrorMessage(overview.error)}
        action={<Button onClick={() => void overview.refetch()}>{t('common:actions.try_again')}</Button>}
      />
    );
  }
  const data = overview.data;
  return (
    <div className="grid gap-6">
      <StatCards overview={data} />
      {alertsCard}
      <LicenceAttention units={data.licences ?? []} today={data.today} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentBookings bookings={data.recent_bookings} currency={data.currency} />
        <UpcomingTasks tasks={data.upcoming_tasks} />
      </div>
    </div>
  );
}

export interface OverviewPageProps {
  /** The alerts feature's open alerts, composed in app/routes (features do not import each other). */
  alertsCard?: ReactNode;
}

export function OverviewPage({ alertsCard }: OverviewPageProps = {}) {
  const { t } = useTranslation('dashboard');
  const { organization } = useAuth();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid gap-6">
        <QuickActions />
        {organization ? (
          <Overview organizationId={organization.id} alertsCard={alertsCard} />
        ) : (
          <EmptyState title={t('common:errors.organization_required')} />
        )}
      </div>
    </>
  );
}
