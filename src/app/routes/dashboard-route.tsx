import { OpenAlertsCard } from '@/features/alerts/components/open-alerts-card';
import { OverviewPage } from '@/features/dashboard/pages/overview-page';

/** The dashboard's overview with the alerts feature's open alerts (features meet only here). */
export function DashboardRoute() {
  return <OverviewPage alertsCard={<OpenAlertsCard />} />;
}
