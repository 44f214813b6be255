import { AlertsTab } from '@/features/alerts/components/alerts-tab';
import { ReportsPage } from '@/features/reports/pages/reports-page';

/** /dashboard/reports with the alerts feature's tab (features meet only here). */
export function ReportsRoute() {
  return <ReportsPage alertsTab={<AlertsTab />} />;
}
