import { BarChart3, Bell, Building2, FileText, Share2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PermissionDenied } from '@/components/permission-denied';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePermissions } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useReportOverview } from '../api/get-report-overview';
import { ByChannelTab } from '../components/by-channel-tab';
import { ByUnitTab } from '../components/by-unit-tab';
import { OverviewTab } from '../components/overview-tab';
import { ReportError } from '../components/report-error';
import { ReportFilters } from '../components/report-filters';
import { StatementTab } from '../components/statement-tab';
import { REPORT_TABS, type ReportTab } from '../lib/reports-url';
import { useReportFormat } from '../lib/use-report-format';
import { useReportParams } from '../lib/use-report-params';

const ICONS: Record<ReportTab, LucideIcon> = {
  overview: BarChart3,
  by_unit: Building2,
  by_channel: Share2,
  statement: FileText,
  alerts: Bell,
};

export interface ReportsPageProps {
  /** The alerts feature's tab (features do not import each other: the route in app/ composes them). */
  alertsTab?: ReactNode;
}

/**
 * /dashboard/reports (issue 17): one period and one set of filters, kept in the URL, over four
 * views — the overview (key figures compared with the previous period and last year, monthly
 * charts, definitions), by unit, by channel, and a unit's printable statement — plus the alerts
 * tab when the route gives it. Everything comes from one report_overview call (the statement from
 * unit_statement). A role without bookings.read reads "Permission denied", not empty figures (and
 * only the alerts tab, when the route gives it).
 */
export function ReportsPage({ alertsTab }: ReportsPageProps) {
  const { t } = useTranslation('reports');
  const permissions = usePermissions();
  const state = useReportParams();
  const allowed = permissions.status !== 'success' || permissions.can('bookings.read');
  // The figures need bookings.read; the alerts tab (its own permissions, its own feature) does not.
  const tabs = REPORT_TABS.filter((item) => (item === 'alerts' ? alertsTab !== undefined : allowed));
  const tab: ReportTab = tabs.includes(state.values.tab) ? state.values.tab : (tabs[0] ?? 'overview');
  const onTab = tab !== 'alerts';
  const report = useReportOverview(state.params, allowed && permissions.status === 'success' && onTab);
  const format = useReportFormat(report.data?.currency);
  const data = state.range ? report.data : undefined;

  const header = <PageHeader title={t('title')} description={t('description')} />;
  if (permissions.status === 'pending') {
    return (
      <>
        {header}
        <Skeleton className="h-10 w-full" />
      </>
    );
  }
  if (tabs.length === 0) {
    return (
      <>
        {header}
        <PermissionDenied titleAs="h2" description={t('no_access')} data-testid="reports-no-access" />
      </>
    );
  }

  const panel = (content: (report: NonNullable<typeof data>) => ReactNode) => (
    <>
      {state.range && report.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {report.isError ? (
        <ReportError title={t('error')} error={report.error} onRetry={() => void report.refetch()} />
      ) : null}
      {data ? (
        <div
          className={cn('transition-opacity', report.isPlaceholderData && 'opacity-50')}
          aria-busy={report.isFetching}
          data-stale={report.isPlaceholderData || undefined}
        >
          {content(data)}
        </div>
      ) : null}
    </>
  );

  return (
    <>
      {header}
      <Tabs
        value={tab}
        onValueChange={(next) => state.set({ tab: next as ReportTab, sort: '' }, { history: 'push' })}
        activationMode="manual"
      >
        <TabsList aria-label={t('tabs.label')} className="print:hidden">
          {tabs.map((item) => {
            const Icon = ICONS[item];
            return (
              <TabsTrigger
                key={item}
                value={item}
                className="inline-flex items-center gap-1.5"
                data-testid={`report-tab-${item}`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(`tabs.${item}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {onTab ? (
          <div className="pt-4">
            <ReportFilters state={state} options={report.data?.filters} showFilters={tab !== 'statement'} />
          </div>
        ) : null}
        <TabsContent value="overview" className="pt-0">
          {panel((overview) => (
            <OverviewTab
              report={overview}
              format={format}
              sort={state.values.sort}
              onSort={(sort) => state.set({ sort })}
            />
          ))}
        </TabsContent>
        <TabsContent value="by_unit" className="pt-0">
          {panel((overview) => (
            <ByUnitTab
              report={overview}
              format={format}
              sort={state.values.sort}
              onSort={(sort) => state.set({ sort })}
            />
          ))}
        </TabsContent>
        <TabsContent value="by_channel" className="pt-0">
          {panel((overview) => (
            <ByChannelTab
              report={overview}
              format={format}
              sort={state.values.sort}
              onSort={(sort) => state.set({ sort })}
            />
          ))}
        </TabsContent>
        <TabsContent value="statement" className="pt-0">
          <StatementTab
            units={report.data?.filters.units ?? []}
            unitId={state.values.statementUnit}
            onUnit={(statementUnit) => state.set({ statementUnit })}
            range={state.range}
            format={format}
          />
        </TabsContent>
        {alertsTab !== undefined ? <TabsContent value="alerts">{alertsTab}</TabsContent> : null}
      </Tabs>
    </>
  );
}
