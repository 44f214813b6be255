import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/charts/bar-chart';
import { monthLabel } from '@/components/charts/chart-scale';
import { LineChart } from '@/components/charts/line-chart';
import type { ReportOverview } from '../api/get-report-overview';
import type { SortState } from '../lib/figures';
import { byMonthSheet } from '../lib/reports-sheet';
import type { ReportFormat } from '../lib/use-report-format';
import { Definitions } from './definitions';
import { ExportableFigures } from './exportable-figures';
import type { TextColumn } from './figures-table';
import { KpiCards } from './kpi-cards';

/**
 * The overview: key figures with both comparisons, occupancy by month (line) and revenue booked,
 * invoiced and collected by month (bars; a series the role may not read is left out), the months'
 * figures as a spreadsheet, and how everything is counted.
 */
type MonthRow = ReportOverview['by_month'][number];
const MONTH_SORT: SortState = { column: 'month', direction: 'asc' };

export function OverviewTab({
  report,
  format,
  sort,
  onSort,
}: {
  report: ReportOverview;
  format: ReportFormat;
  sort: string;
  onSort: (sort: string) => void;
}) {
  const { t } = useTranslation('reports');
  const from = format.day(report.period.from, 'long');
  const to = format.day(report.period.to, 'long');
  const months = report.by_month.map((month) => ({ ...month, label: monthLabel(month.month, format.language) }));
  const monthColumns: TextColumn<MonthRow>[] = [
    {
      key: 'month',
      header: t('overview.month'),
      value: (row) => monthLabel(row.month, format.language),
      sortValue: (row) => row.month,
    },
  ];
  const revenueSeries = [
    { key: 'booked', label: t('short.booked'), fill: 'fill-primary-700', swatch: 'bg-primary-700' },
    ...(report.can.invoices
      ? [{ key: 'invoiced', label: t('short.invoiced'), fill: 'fill-amber-600', swatch: 'bg-amber-600' }]
      : []),
    ...(report.can.payments
      ? [{ key: 'collected', label: t('short.collected'), fill: 'fill-sky-600', swatch: 'bg-sky-600' }]
      : []),
  ];

  return (
    <div className="flex flex-col gap-4" data-testid="report-overview">
      <p className="text-xs text-stone-600" data-testid="report-compare-periods">
        {t('compare.periods', {
          previousFrom: format.day(report.previous.from),
          previousTo: format.day(report.previous.to),
          lastYearFrom: format.day(report.last_year.from),
          lastYearTo: format.day(report.last_year.to),
        })}
      </p>
      <KpiCards report={report} format={format} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <section className="rounded-xl border border-stone-200 bg-white p-4">
          <LineChart
            testId="occupancy-chart"
            title={t('overview.occupancy_chart')}
            summary={t('overview.occupancy_summary', { from, to })}
            series={[
              {
                key: 'occupancy',
                label: t('short.occupancy'),
                fill: 'fill-primary-700',
                stroke: 'stroke-primary-700',
                swatch: 'bg-primary-700',
              },
            ]}
            groups={months.map((month) => ({
              key: month.month,
              label: month.label,
              values: { occupancy: month.occupancy },
            }))}
            formatValue={format.percent}
            formatAxis={format.wholePercent}
            minTop={1}
            categoryLabel={t('overview.month')}
          />
        </section>
        <section className="rounded-xl border border-stone-200 bg-white p-4">
          <BarChart
            testId="revenue-chart"
            title={t('overview.revenue_chart')}
            summary={t('overview.revenue_summary', { from, to })}
            series={revenueSeries}
            groups={months.map((month) => ({
              key: month.month,
              label: month.label,
              values: {
                booked: month.revenue_booked,
                invoiced: month.revenue_invoiced,
                collected: month.revenue_collected,
              },
            }))}
            formatValue={format.money}
            categoryLabel={t('overview.month')}
          />
        </section>
      </div>
      <ExportableFigures
        title={t('overview.by_month_table')}
        report={report}
        rows={report.by_month}
        rowKey={(row) => row.month}
        columns={monthColumns}
        format={format}
        sort={sort}
        onSort={onSort}
        fallbackSort={MONTH_SORT}
        sheet={byMonthSheet}
        exportName="by-month"
        exportTestId="report-export-by-month"
        testId="by-month-table"
      />
      <Definitions />
    </div>
  );
}
